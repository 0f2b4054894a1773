#!/bin/bash
# Real fio runs through our engine's provisioned-disk emulator
# (uring_durable: cap_iops, burst_*, added_latency), time-scaled to a few
# seconds, for the end-to-end verdict tests: a burst that collapses, a
# capped QD sweep, a steady capped run, a durability run on tmpfs, and a
# baseline/new pair for diff where the new run is slowed. About 20 s.
#
# Usage: e2e_gen.sh ENGINE_SO OUTDIR
set -euo pipefail

so=${1:?usage: e2e_gen.sh ENGINE_SO OUTDIR}
out=${2:?usage: e2e_gen.sh ENGINE_SO OUTDIR}
rm -rf "$out"
mkdir -p "$out"/{burst,sweep,steady,durable,base,slow,stats}
shm=$(mktemp -d /dev/shm/fve2e.XXXXXX)
trap 'rm -rf "$shm"' EXIT

# Stats files go to stats/ (the engine's default is the working directory).
eng="--ioengine=external:$(realpath "$so") --stats_file=$out/stats/%j.%n.json"
# A sanitized engine (SANITIZE=1) needs the runtimes fio lacks.
fio() {
	if [ -n "${FV_PRELOAD:-}" ]; then
		LD_PRELOAD="$FV_PRELOAD" ASAN_OPTIONS=detect_leaks=0 \
			UBSAN_OPTIONS=halt_on_error=1 command fio "$@"
	else
		command fio "$@"
	fi
}
f="--filename=$shm/data --size=16m --bs=4k --rw=randwrite"

# Burst: 8000 IO/s for 2 s from a full bucket, then the 2000 IO/s cap.
fio --output-format=json $f $eng --name=burst --iodepth=8 \
	--cap_iops=2000 --burst_iops=8000 --burst_seconds=2 \
	--time_based --runtime=6 --log_avg_msec=100 \
	--write_iops_log="$out/burst/burst" >"$out/burst/burst.json"

# QD sweep against a 3000 IO/s cap with a 1 ms round trip: QD 1 and 2
# are latency bound, from QD 4 the cap holds and latency grows.
for qd in 1 2 4 8 16 32; do
	fio --output-format=json $f $eng --name=sweep_qd$qd --iodepth=$qd \
		--cap_iops=3000 --added_latency=1ms --time_based \
		--runtime=1 >"$out/sweep/qd$qd.json"
done

# Steady: the cap alone, 4 s, logged.
fio --output-format=json $f $eng --name=steady --iodepth=8 \
	--cap_iops=3000 --ramp_time=1 --time_based --runtime=4 \
	--log_avg_msec=100 --write_iops_log="$out/steady/steady" \
	>"$out/steady/steady.json"

# Durability on tmpfs: fsync after every write, the engine's stats file.
fio --output-format=json $f $eng --name=durable --fsync=1 --number_ios=2000 \
	--stats_file="$out/durable/durable_durability.%n.json" \
	>"$out/durable/durable.json"

# Identical reruns for diff, three baseline and one new: the cap and the
# round trip make them the same run, as a provisioned disk would (on bare
# tmpfs, a p99 of a few µs moves with the scheduler from run to run).
for r in base/r1 base/r2 base/r3 new/run; do
	mkdir -p "$out/reruns/$r"
	fio --output-format=json $f $eng --name=rerun --iodepth=2 \
		--cap_iops=4000 --added_latency=500us --time_based \
		--runtime=1 >"$out/reruns/$r/rerun.json"
done

# diff: the same job, then slowed to 2000 IO/s by the emulator.
fio --output-format=json $f $eng --name=gate --iodepth=4 --time_based \
	--runtime=1 --rate_iops=8000 >"$out/base/gate.json"
fio --output-format=json $f $eng --name=gate --iodepth=4 --time_based \
	--runtime=1 --rate_iops=8000 --cap_iops=2000 >"$out/slow/gate.json"
