#!/bin/bash
# Makes fio logs and results with the installed fio for the time-series
# and verdict tests (no engine of ours): averaged and per-I/O logs,
# numjobs clones, healthy runs on tmpfs (psync and io_uring, a psync QD
# sweep). A few seconds of fio in all.
#
# Usage: ts_gen.sh OUTDIR
set -euo pipefail

out=${1:?usage: ts_gen.sh OUTDIR}
rm -rf "$out"
mkdir -p "$out"
shm=$(mktemp -d /dev/shm/fvts.XXXXXX 2>/dev/null || mktemp -d)
# The healthy runs go to a disk's file system: on tmpfs there is no disk
# whose burst or cap the verdicts could look for, and they skip it.
disk=$(mktemp -d "${TMPDIR:-/var/tmp}/fvts.XXXXXX")
trap 'rm -rf "$shm" "$disk"' EXIT

f="--filename=$shm/data --size=8m --bs=4k"
logs() { # DIR NAME: every log kind, prefixed with DIR/NAME
	echo "--write_iops_log=$1/$2 --write_bw_log=$1/$2 --write_lat_log=$1/$2"
}

# Averaged logs (log_avg_msec), two clones without group_reporting.
mkdir -p "$out/avg"
fio --output-format=json $f --ioengine=psync --rw=randwrite --name=avg \
	--time_based --runtime=1 --log_avg_msec=100 --numjobs=2 \
	$(logs "$out/avg" avg) >"$out/avg/avg.json"

# Per-I/O logs with offsets, a fixed number of I/Os (2048 writes).
mkdir -p "$out/perio"
fio --output-format=json $f --ioengine=psync --rw=randwrite --name=perio \
	--log_offset=1 $(logs "$out/perio" perio) >"$out/perio/perio.json"

# Healthy buffered runs (the page cache of a disk's file system): psync
# and io_uring, warmed up, 3 s of rounds, at a rate (5k IO/s) well below
# what memory does, so that a busy machine does not make them unsteady:
# they must raise no burst, cap or steady verdict.
mkdir -p "$out/healthy"
h="--filename=$disk/data --size=8m --bs=4k"
for eng in psync io_uring; do
	fio --output-format=json $h --ioengine=$eng --rw=randwrite \
		--name=steady_$eng --ramp_time=1 --time_based --runtime=3 \
		--rate_iops=5000 \
		--log_avg_msec=100 $(logs "$out/healthy" steady_$eng) \
		>"$out/healthy/$eng.json"
done
# A QD sweep with a synchronous engine: fio's IO depths say the queue
# never filled (1=100% at every iodepth): no sweep, so no cap either way.
for qd in 1 2 4 8; do
	fio --output-format=json $h --ioengine=psync --rw=randread \
		--name=sweep_qd$qd --iodepth=$qd --time_based --runtime=1 \
		>"$out/healthy/sweep_qd$qd.json" 2>/dev/null
done

# Histogram logs (write_hist_log): two clones at 200 ms windows (and
# their IOPS logs, which timeline's IOPS come from), and one
# job at log_hist_coarseness=3 (232 bins a line).
mkdir -p "$out/hist"
fio --output-format=json $f --ioengine=psync --rw=randwrite --name=hist \
	--time_based --runtime=2 --rate_iops=2000 --numjobs=2 \
	--write_hist_log="$out/hist/hist" --log_hist_msec=200 \
	--write_iops_log="$out/hist/hist" --log_avg_msec=200 \
	>"$out/hist/hist.json"
mkdir -p "$out/hist_coarse"
fio --output-format=json $f --ioengine=psync --rw=randrw --name=coarse \
	--time_based --runtime=1 --rate_iops=2000 \
	--write_hist_log="$out/hist_coarse/coarse" --log_hist_msec=250 \
	--log_hist_coarseness=3 >"$out/hist_coarse/coarse.json"

# Logs beside the results (test_logs' beside tests): a read job (thread 1)
# and a write job (thread 2) logging IOPS and histograms after their own
# names; then what a real folder holds besides: logs of another prefix
# (another run's), and a bw log named for the write job whose first line
# says read (its direction column disagrees with the job).
b="$out/beside"
mkdir -p "$b"
fio --output-format=json $f --ioengine=psync --time_based --runtime=1 \
	--rate_iops=1000 --log_avg_msec=100 --log_hist_msec=200 \
	--name=rd --rw=randread --write_iops_log="$b/rd" \
	--write_hist_log="$b/rd" \
	--name=wr --rw=randwrite --write_iops_log="$b/wr" \
	--write_hist_log="$b/wr" >"$b/rw.json"
cp "$b/rd_iops.1.log" "$b/other_iops.1.log"
cp "$b/rd_clat_hist.1.log" "$b/other_clat_hist.1.log"
{ head -n 1 "$b/rd_iops.1.log"; cat "$b/wr_iops.2.log"; } >"$b/wr_bw.2.log"
