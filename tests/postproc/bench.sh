#!/bin/bash
# make bench-postproc: ingest speed and memory of fioverdict on a generated
# corpus of >= 1000 json+ files (>= 100 MB), against fio's own
# fio_jsonplus_clat2csv on the same files, in the same run.
#
# Usage: bench.sh FIOVERDICT GENDIR OUTDIR
# Env:   BENCH_FILES (1100), BENCH_MIN_MB (100), BENCH_CLAT2CSV (1: run it)
set -euo pipefail

bin=${1:?usage: bench.sh FIOVERDICT GENDIR OUTDIR}
out=${3:?usage: bench.sh FIOVERDICT GENDIR OUTDIR}
files=${BENCH_FILES:-1100}
min_mb=${BENCH_MIN_MB:-100}
corpus=$out/corpus
mkdir -p "$out"

# One real json+ result with wide latency spreads (psync on tmpfs, 4 jobs,
# clat and lat bins), the seed of the corpus.
base=$out/base.json
if [ ! -s "$base" ]; then
	shm=$(mktemp -d /dev/shm/fvbench.XXXXXX 2>/dev/null || mktemp -d)
	fio --output-format=json+ --ioengine=psync --filename="$shm/d" \
		--size=32m --bs=4k --lat_percentiles=1 \
		--name=a --rw=randrw --name=b --rw=randrw \
		--name=c --rw=randread --name=d --rw=randwrite >"$base"
	rm -rf "$shm"
fi

# Copies that differ: job names, counts scaled, bins shifted, so that no
# two files are the same and the percentiles differ from file to file.
rm -rf "$corpus"
python3 - "$base" "$corpus" "$files" "$min_mb" <<'PY'
import json, math, os, sys
base, corpus, files, min_mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
doc = json.load(open(base))
size = os.path.getsize(base)
n = max(files, math.ceil(min_mb * 1e6 / size))
os.makedirs(corpus)
def vary(o, k):
    if isinstance(o, dict):
        out = {}
        for key, v in o.items():
            if key == "bins":
                out[key] = {str(int(b) + k % 13): c * (1 + k % 5) for b, c in v.items()}
            else:
                out[key] = vary(v, k)
        return out
    if isinstance(o, list):
        return [vary(x, k) for x in o]
    return o
for i in range(n):
    d = vary(doc, i)
    for j in d["jobs"]:
        j["jobname"] = "%s_%04d" % (j["jobname"], i)
    with open(os.path.join(corpus, "bench_%05d.json" % i), "w") as f:
        # fio's own layout: 2-space indent, " : " separators
        json.dump(d, f, indent=2, separators=(",", " : "))
        f.write("\n")
PY

nfiles=$(find "$corpus" -type f | wc -l)
bytes=$(du -sb "$corpus" | cut -f1)
largest=$(find "$corpus" -type f -printf '%s\n' | sort -n | tail -n1)
echo "corpus: $nfiles files, $((bytes / 1000000)) MB, largest $largest bytes"

# Constant part of the memory: the same program on one tiny input.
tiny=$out/tiny.json
echo '{"fio version": "fio-3.33", "jobs": [{"jobname": "t"}]}' >"$tiny"
/usr/bin/time -f '%M' -o "$out/tiny.rss" "$bin" summary "$tiny" >/dev/null
base_kb=$(cat "$out/tiny.rss")

pct=-p\ 50,90,95,99,99.5,99.9,99.99
# One timed run of summary -f csv over the corpus: seconds, peak RSS, rows.
measure() {
	local tag=$1 csv=$2
	shift 2
	sync
	start=$(date +%s.%N)
	/usr/bin/time -f '%M' -o "$out/$tag.rss" "$bin" summary "$@" -f csv \
		$pct "$corpus" >"$csv"
	end=$(date +%s.%N)
	secs=$(echo "$end - $start" | bc -l)
	kb=$(cat "$out/$tag.rss")
	nrows=$(($(wc -l <"$csv") - 1))
	printf 'fioverdict %s: %.3f s, %.0f files/s, %.1f MB/s, peak RSS %d KiB, %d rows\n' \
		"$tag" "$secs" "$(echo "$nfiles / $secs" | bc -l)" \
		"$(echo "$bytes / 1000000 / $secs" | bc -l)" "$kb" "$nrows"
}

limit_kb=$((2 * largest / 1024 + base_kb))
echo "memory limit: 2 x largest input + constant ($base_kb KiB, the RSS" \
	"on a tiny input) = $limit_kb KiB"

# The memory target is for --stream (one file at a time); the whole-set
# mode keeps every job's model until the tables are made, reported too.
measure stream "$out/summary.csv" --stream
fv_s=$secs
peak_kb=$kb
rows=$nrows
measure whole-set "$out/whole.csv"
whole_kb=$kb
if cmp -s "$out/summary.csv" "$out/whole.csv"; then
	echo "stream and whole-set outputs: identical"
else
	echo "stream and whole-set outputs: DIFFER"
fi

# Where the peak goes: one file alone (what a file costs while it is
# read), and half of the corpus (the slope is what each file keeps).
big=$(find "$corpus" -type f -size "${largest}c" | head -n1)
/usr/bin/time -f '%M' -o "$out/one.rss" "$bin" summary --stream -f csv \
	$pct "$big" >/dev/null
one_kb=$(cat "$out/one.rss")
echo "memory: largest file alone $one_kb KiB (constant + $((one_kb - base_kb))" \
	"KiB while it is read, $(echo "($one_kb - $base_kb) * 1024 / $largest" |
		bc -l | xargs printf '%.2f') x its size)"
mapfile -t half < <(find "$corpus" -type f | sort | head -n $((nfiles / 2)))
/usr/bin/time -f '%M' -o "$out/half.rss" "$bin" summary --stream -f csv \
	$pct "${half[@]}" >/dev/null
half_kb=$(cat "$out/half.rss")
echo "memory: stream, kept per file:" \
	"$(((peak_kb - half_kb) * 1024 * 2 / nfiles)) B" \
	"($half_kb KiB for $((nfiles / 2)) files, $peak_kb KiB for $nfiles)"
for m in "stream $peak_kb" "whole-set $whole_kb"; do
	set -- $m
	if [ "$2" -le "$limit_kb" ]; then
		echo "memory $1: peak $2 KiB, limit $limit_kb KiB: met"
	else
		echo "memory $1: peak $2 KiB, limit $limit_kb KiB: OVER by" \
			"$(($2 - limit_kb)) KiB"
	fi
done
mem_ok=1
[ "$peak_kb" -le "$limit_kb" ] || mem_ok=0

if [ "${BENCH_CLAT2CSV:-1}" = 1 ]; then
	csvdir=$out/clat2csv
	rm -rf "$csvdir"
	mkdir -p "$csvdir"
	start=$(date +%s.%N)
	for f in "$corpus"/*.json; do
		fio_jsonplus_clat2csv "$f" "$csvdir/$(basename "$f" .json).csv" \
			>/dev/null
	done
	end=$(date +%s.%N)
	py_s=$(echo "$end - $start" | bc -l)
	printf 'fio_jsonplus_clat2csv: %.3f s, %.1f files/s, %.2f MB/s\n' \
		"$py_s" "$(echo "$nfiles / $py_s" | bc -l)" \
		"$(echo "$bytes / 1000000 / $py_s" | bc -l)"
	printf 'speed ratio: %.1fx (target >= 20x)\n' \
		"$(echo "$py_s / $fv_s" | bc -l)"
fi
if [ $mem_ok = 1 ]; then
	echo "memory (stream): within the limit"
else
	echo "memory (stream): OVER the limit"
	exit 1
fi
