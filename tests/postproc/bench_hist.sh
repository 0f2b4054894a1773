#!/bin/bash
# make bench-hist: `fioverdict timeline` against fio's own reader of
# histogram logs, tools/hist/fiologparser_hist.py (numpy, pandas: ci/setup.sh
# bench), on the same logs in the same run: a 20 s, 4-job log at 20 ms
# windows (fio's own), and a 1-hour, 4-job log at 1 s (fio's lines of a
# 5 s run, repeated with their times moved on). fiologparser_hist.py is
# run with --noweight (each line in one window, as timeline reads them;
# its default spreads each line over windows by its latencies). Each window checked by
# hist_compare.py; the speed ratio; timeline's peak memory on the hour
# against a minute of the same log.
#
# Usage: bench_hist.sh FIOVERDICT FIO_SRC OUTDIR
set -euo pipefail

bin=$(realpath "${1:?usage: bench_hist.sh FIOVERDICT FIO_SRC OUTDIR}")
src=${2:?usage: bench_hist.sh FIOVERDICT FIO_SRC OUTDIR}
out=${3:?usage: bench_hist.sh FIOVERDICT FIO_SRC OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
script=$src/tools/hist/fiologparser_hist.py
[ -f "$script" ] || script=/usr/share/doc/fio/fiologparser_hist.py
if [ ! -f "$script" ] && [ -f "$script.gz" ]; then
	mkdir -p "$out"
	gzip -dc "$script.gz" >"$out/fiologparser_hist.py"
	script=$out/fiologparser_hist.py
fi
# Debian's python3, where python3-numpy and python3-pandas are
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import numpy, pandas' 2>/dev/null; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "bench_hist: fiologparser_hist.py needs numpy and pandas:" \
		"ci/setup.sh bench" >&2
	exit 1
fi
mkdir -p "$out"
shm=$(mktemp -d /dev/shm/fvhist.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$shm"' EXIT

# fio's own logs: 4 clones of one job, psync on tmpfs at a rate.
fio_run() { # DIR RUNTIME HIST_MSEC
	rm -rf "$1"
	mkdir -p "$1"
	(cd "$1" && fio --output-format=json --output=hist.json \
		--filename="$shm/d" --size=32m --bs=4k --ioengine=psync \
		--rw=randwrite --name=steady --numjobs=4 --time_based \
		--runtime="$2" --rate_iops=1000 --write_hist_log=steady \
		--log_hist_msec="$3" >/dev/null)
}
short=$out/short
fio_run "$short" 20 20
seed=$out/seed
fio_run "$seed" 5 1000

# The hour: the seed's lines, again and again, 5 s later each time.
stretch() { # SEED DIR SECONDS
	rm -rf "$2"
	mkdir -p "$2"
	cp "$1/hist.json" "$2/"
	for f in "$1"/steady_clat_hist.*.log; do
		# fio writes a line a second but the last, partial: a period
		# of as many seconds as lines
		awk -v secs="$3" -F', ' '
			{ line[NR] = $0; t[NR] = $1 }
			END {
				for (r = 0; r * NR < secs; r++)
					for (i = 1; i <= NR; i++) {
						s = line[i]
						sub(/^[0-9]+/, t[i] + r * NR * 1000, s)
						print s
					}
			}' "$f" >"$2/$(basename "$f")"
	done
}
hour=$out/hour
stretch "$seed" "$hour" 3600
minute=$out/minute
stretch "$seed" "$minute" 60
echo "logs: 20 s at 20 ms, $(du -sb "$short" | cut -f1) bytes;" \
	"1 h at 1 s, $(du -sb "$hour" | cut -f1) bytes (4 files each)"

# Median wall and CPU (user + sys) seconds of RUNS runs of a command: on
# a shared machine the CPU time says what the wall time blurs.
runs=${BENCH_HIST_RUNS:-3}
timed() { # COMMAND...: sets wall and cpu
	local w=() c=() i
	for ((i = 0; i < runs; i++)); do
		/usr/bin/time -f '%e %U %S' -o "$out/time" "$@" >/dev/null
		read -r e u s <"$out/time"
		w+=("$e")
		c+=("$(echo "$u + $s" | bc -l)")
	done
	wall=$(printf '%s\n' "${w[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p")
	cpu=$(printf '%s\n' "${c[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p")
}

ok=1
for c in "short 20" "hour 1000"; do
	set -- $c
	dir=$out/$1
	logs=("$dir"/steady_clat_hist.*.log)
	"$py" "$here/hist_compare.py" "$bin" "$script" "$dir/hist.json" "$2" \
		"${logs[@]}" || ok=0
	timed "$bin" timeline -q -f csv --window "$2ms" "$dir/hist.json" \
		"${logs[@]}"
	fv_w=$wall fv_c=$cpu
	timed "$py" "$script" --noweight -i "$2" --directions rw \
		--percentiles 50:95:99:99.9 "${logs[@]}"
	printf '%s: timeline %.3f s (CPU %.3f s), fiologparser_hist.py --noweight %.3f s (CPU %.3f s): %.0fx faster (CPU %.0fx), medians of %d\n' \
		"$1" "$fv_w" "$fv_c" "$wall" "$cpu" "$(echo "$wall / $fv_w" | bc -l)" \
		"$(echo "$cpu / $fv_c" | bc -l)" "$runs"
done

# Memory: the hour against a minute of the same log (60 times the lines).
# Reading keeps one line per file, whatever the length: the hour in 60 s
# windows must cost what the minute in 1 s windows does (60 rows each).
# The table printed keeps its rows: the hour in 1 s windows prints 3600.
rss() { # LOGDIR WINDOW
	"$here/rsspeak.py" "$bin" timeline -q -f csv --window "$2" "$1"/hist.json \
		"$1"/steady_clat_hist.*.log | cut -d' ' -f1
}
m_kb=$(rss "$minute" 1s)
h60_kb=$(rss "$hour" 60s)
h_kb=$(rss "$hour" 1s)
echo "memory: timeline peak $m_kb KiB on a minute at 1 s, $h60_kb KiB on" \
	"the hour at 60 s (60 rows each; the hour has 60 x the lines);" \
	"$h_kb KiB on the hour at 1 s ($(((h_kb - m_kb) * 1024 / 3540)) bytes" \
	"a row printed)"
if [ "$h60_kb" -gt $((m_kb + m_kb / 10)) ]; then
	echo "bench_hist: reading the hour costs more than 10% over the minute" >&2
	ok=0
fi
[ "$ok" = 1 ] || { echo "bench_hist: windows differ from fio's script" >&2; exit 1; }
