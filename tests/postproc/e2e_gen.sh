#!/bin/bash
# Real fio runs through our engine's provisioned-disk emulator
# (uring_durable: cap_iops, burst_*, added_latency), time-scaled to a few
# seconds, for the end-to-end verdict tests: a burst that collapses, a
# capped QD sweep, a steady capped run, a durability run on tmpfs, and a
# baseline/new pair for diff where the new run is slowed. About 30 s.
#
# The figures are low (caps of 1000 IO/s, a few ms of added latency) so
# that a sanitized engine on two loaded cores sustains them: the emulator,
# not the machine, must set the pace. When the machine still stalls fio
# (an IOPS log window below half of what the emulator allows), that run is
# made once more; stalled twice, the dataset gets a STALLED file with the
# reason, and the test skips the figures' assertion saying why.
#
# Usage: e2e_gen.sh ENGINE_SO OUTDIR
set -euo pipefail
. "$(dirname "$0")/../lib/check.sh"

so=${1:?usage: e2e_gen.sh ENGINE_SO OUTDIR}
out=${2:?usage: e2e_gen.sh ENGINE_SO OUTDIR}
rm -rf "$out"
mkdir -p "$out"/{burst,sweep,steady,durable,base,slow,stats,stall}
shm=$(mktemp -d /dev/shm/fve2e.XXXXXX)
trap 'rm -rf "$shm"' EXIT

# Stats files go to stats/ (the engine's default is the working directory),
# those of run() beside their result.
eng="--ioengine=external:$(realpath "$so") --stats_file=$out/stats/%j.%n.json"
# A sanitized engine (SANITIZE=1) needs the runtimes fio lacks.
fio() {
	with_preload command fio "$@"
}
f="--filename=$shm/data --size=16m --bs=4k --rw=randwrite"
# Every run logs its IOPS in 100 ms windows (stall detection).
avg="--log_avg_msec=100"

# stall LOG WANT: prints the first window, not the first or the last (fio's
# partial ones), below STALL_FLOOR (half) of WANT IO/s, the rate the
# emulator allows.
stall() {
	awk -F, -v want="$2" -v floor="${STALL_FLOOR:-0.5}" '
		{ t[NR] = $1 + 0; v[NR] = $2 + 0 }
		END {
			for (i = 2; i < NR; i++)
				if (v[i] < want * floor) {
					printf "%s: %.0f IO/s at %.1f s, the emulator allows %.0f\n",
						FILENAME, v[i], t[i] / 1000, want
					exit
				}
		}' "$1"
}

# slow_tail JSON MAX_NS: prints why when the write p99 is above MAX_NS (a
# stall shows in the tail before it shows in 100 ms windows).
slow_tail() {
	local p99
	# the one clat p99 of a write-only job (fio lists no read percentiles)
	p99=$(sed -n 's/.*"99\.000000" : \([0-9]*\).*/\1/p' "$1" | tail -n1)
	p99=${p99:-0}
	[ "$p99" -gt "$2" ] &&
		echo "$1: p99 $((p99 / 1000)) us, the emulator gives at most $(($2 / 1000)) us"
	return 0
}

# run DATASET LOG WANT JSON FIO-ARGS...: fio's result to JSON, made once
# more when LOG shows a stall (or, with P99_MAX set, the tail does); a
# second stall is recorded in DATASET.
run() {
	local set=$1 log=$2 want=$3 json=$4 why
	shift 4
	for try in 1 2; do
		# the stats file beside the result: fioverdict joins it (a
		# disk the engine emulates on tmpfs is a disk to judge)
		fio --output-format=json "$@" \
			--stats_file="$(dirname "$json")/%j.%n.json" >"$json"
		why=$(stall "$log" "$want")
		[ -z "$why" ] && [ -n "${P99_MAX:-}" ] && why=$(slow_tail "$json" "$P99_MAX")
		[ -z "$why" ] && return 0
		echo "e2e_gen: fio stalled (try $try): $why" >&2
	done
	echo "$why" >>"$out/$set/STALLED"
}

# Burst: 4000 IO/s for 2 s from a full bucket, then the 1000 IO/s cap;
# 8 I/Os of 1 ms ask for 8000.
run burst "$out/burst/burst_iops.1.log" 1000 "$out/burst/burst.json" \
	$f $eng --name=burst --iodepth=8 --cap_iops=1000 --burst_iops=4000 \
	--burst_seconds=2 --added_latency=1ms --time_based --runtime=6 \
	$avg --write_iops_log="$out/burst/burst"

# QD sweep against a 1000 IO/s cap with a 2.5 ms round trip: QD 1 and 2
# are latency bound (400, 800 IO/s at most), from QD 4 (asking 1600) the
# cap holds and latency grows. 2 s each, so that a short stall moves a
# point by less than the 10% a step must add.
for qd in 1 2 4 8 16 32; do
	want=$((qd * 400 < 1000 ? qd * 400 : 1000))
	run sweep "$out/stall/sweep_qd${qd}_iops.1.log" "$want" \
		"$out/sweep/qd$qd.json" $f $eng --name=sweep_qd$qd \
		--iodepth=$qd --cap_iops=1000 --added_latency=2500us \
		--time_based --runtime=2 $avg \
		--write_iops_log="$out/stall/sweep_qd$qd"
done

# Steady: the cap alone (8 I/Os of 2 ms ask for 4000), 4 s, logged.
# Steady state is judged on rounds of 0.8 s: a window 15% short is a
# stall here, not the emulator's.
STALL_FLOOR=0.85 run steady "$out/steady/steady_iops.1.log" 1000 \
	"$out/steady/steady.json" \
	$f $eng --name=steady --iodepth=8 --cap_iops=1000 \
	--added_latency=2ms --ramp_time=1 --time_based --runtime=4 $avg \
	--write_iops_log="$out/steady/steady"

# Durability on tmpfs: fsync after every write, the engine's stats file.
fio --output-format=json $f $eng --name=durable --fsync=1 --number_ios=2000 \
	--stats_file="$out/durable/durable_durability.%n.json" \
	>"$out/durable/durable.json"

# Identical reruns for diff, three baseline and one new: the cap and the
# round trip make them the same run, as a provisioned disk would (on bare
# tmpfs, a p99 of a few µs moves with the scheduler from run to run). Four
# I/Os paced at 500 IO/s wait 8 ms each, long against a loaded machine's
# scheduling delays; a p99 above 10 ms is the machine's stall (the
# identical baseline runs agree to the microsecond: diff measures their
# spread as no noise, and 20% more is then a regression).
mkdir -p "$out/reruns"
for r in base/r1 base/r2 base/r3 new/run; do
	mkdir -p "$out/reruns/$r"
	P99_MAX=10000000 run reruns "$out/stall/rerun_${r//\//_}_iops.1.log" \
		500 "$out/reruns/$r/rerun.json" $f $eng --name=rerun \
		--iodepth=4 --cap_iops=500 --added_latency=4ms --time_based \
		--runtime=2 $avg --write_iops_log="$out/stall/rerun_${r//\//_}"
done

# diff: the same job, then slowed to 50 IO/s by the emulator: one run a
# side, so only a change beyond diff's wide factors (10x throughput, 40x
# p99) is a regression; a fortieth of the throughput is, whatever the
# machine does to the latencies (a fall to a quarter was told by p99
# alone, which a loaded machine or a sanitizer build blurs).
fio --output-format=json $f $eng --name=gate --iodepth=4 --time_based \
	--runtime=1 --rate_iops=2000 >"$out/base/gate.json"
fio --output-format=json $f $eng --name=gate --iodepth=4 --time_based \
	--runtime=1 --rate_iops=2000 --cap_iops=50 >"$out/slow/gate.json"
