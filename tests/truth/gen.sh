#!/bin/bash
# SPDX-License-Identifier: MIT
# The ground truth of the verdicts: real fio runs on this machine whose
# right answers are known from how they were made, not from fioverdict:
# a kernel throttle as a platform cap (cgroup v1 blkio.throttle or cgroup
# v2 io.max on the root disk), switched on from the start, mid-run, late
# in a run and mid-sweep, and a sweep of it through a synchronous engine; a healthy root disk; buffered reads from the page cache
# against O_DIRECT ones; reads of a sparse file, of a file of unwritten
# extents and of a file fio laid out itself; tmpfs; fsync on tmpfs, on ext4 on the
# root disk, and on ext4 on a loop device whose queue/write_cache is set
# to write through and to write back; repeated runs of one configuration
# and one with a job held to a third of its throughput; ioengine=null;
# fio's own CPU as the limit: one libaio job on tmpfs through a QD sweep
# (the thread never waits: it copies memory), a job held by cpus_allowed
# to a CPU that a busy loop keeps busy, and its control, the same pinning
# on the throttled disk with that CPU free (both with --idle-prof=percpu).
# batches of repeated runs, A/A and A/B (case repeats, made apart:
#   TRUTH_BATCH=a tests/truth/gen.sh ENGINE_SO OUTDIR repeats, and again
#   later, under another load, with b, c, ...).
# A history as CI keeps one (case history, made apart: gen.sh ENGINE_SO
#   OUTDIR history): single runs of a read and a write job on a disk the
#   engine's emulator holds to 4,000 IOPS, then the read job's at 3,000.
# What each run must give is in tests/truth/expected.tsv.
#
# Usage (as root): tests/truth/gen.sh ENGINE_SO OUTDIR [CASE...]
#   make truth-data  (regenerates tests/truth/runs; the runs are kept in
#   the repository: the checks read them, make check never makes them)
# Env: TRUTH_DIR (a directory on the root disk's file system, /var/tmp),
#      TRUTH_SHM (/dev/shm), TRUTH_IOPS (the throttle, 2000).
set -euo pipefail

engine=${1:?usage: gen.sh ENGINE_SO OUTDIR [CASE...]}
out=${2:?usage: gen.sh ENGINE_SO OUTDIR [CASE...]}
shift 2
engine=$(realpath "$engine")
dir=${TRUTH_DIR:-/var/tmp}/fvtruth.$$
shm=${TRUTH_SHM:-/dev/shm}/fvtruth.$$
cap=${TRUTH_IOPS:-2000}
loopimg=$dir/loop.img
loopdev=
cg=
hog=

[ "$(id -u)" = 0 ] || { echo "gen.sh: run as root (cgroups, loop devices)" >&2; exit 77; }
mkdir -p "$dir" "$shm" "$out"
out=$(realpath "$out")

cleanup() {
	[ -n "$hog" ] && kill "$hog" 2>/dev/null || true
	[ -n "$cg" ] && throttle_off || true
	[ -n "$loopdev" ] && { umount "$dir/mnt" 2>/dev/null; losetup -d "$loopdev"; } || true
	rm -rf "$dir" "$shm"
}
trap cleanup EXIT

# ---- the root disk and its throttle ------------------------------------

# MAJ:MIN of the whole disk under a directory.
disk_of() {
	local src name pk
	src=$(findmnt -no SOURCE -T "$1")
	name=$(basename "$(realpath "$src")")
	pk=$(lsblk -no PKNAME "/dev/$name" 2>/dev/null | head -n1)
	[ -n "$pk" ] && name=$pk
	cat "/sys/block/$name/dev"
}
dev=$(disk_of "$dir")

# A cgroup whose tasks the kernel throttles on $dev (v1 blkio, else v2).
if [ -d /sys/fs/cgroup/blkio ]; then
	cg=/sys/fs/cgroup/blkio/fvtruth.$$
	mkdir -p "$cg"
	throttle_on() { # IOPS: reads and writes
		echo "$dev $1" >"$cg/blkio.throttle.read_iops_device"
		echo "$dev $1" >"$cg/blkio.throttle.write_iops_device"
	}
	throttle_off() {
		echo "$dev 0" >"$cg/blkio.throttle.read_iops_device"
		echo "$dev 0" >"$cg/blkio.throttle.write_iops_device"
		rmdir "$cg" 2>/dev/null || true
	}
else
	cg=/sys/fs/cgroup/fvtruth.$$
	echo +io >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
	mkdir -p "$cg"
	throttle_on() { echo "$dev riops=$1 wiops=$1" >"$cg/io.max"; }
	throttle_off() {
		echo "$dev riops=max wiops=max" >"$cg/io.max"
		rmdir "$cg" 2>/dev/null || true
	}
fi
throttle_clear() {
	if [ -f "$cg/blkio.throttle.read_iops_device" ]; then
		echo "$dev 0" >"$cg/blkio.throttle.read_iops_device"
		echo "$dev 0" >"$cg/blkio.throttle.write_iops_device"
	else
		echo "$dev riops=max wiops=max" >"$cg/io.max"
	fi
}

# A shell command that sets the throttle SECONDS after it starts, in the
# background: fio's exec_prerun runs it as its job starts, so that the
# throttle comes at the same point of that job whatever fio did before.
throttle_later() { # SECONDS [IOPS, default $cap]
	local n=${2:-$cap}
	if [ -f "$cg/blkio.throttle.read_iops_device" ]; then
		echo "sh -c 'sleep $1; echo \"$dev $n\" >$cg/blkio.throttle.read_iops_device; echo \"$dev $n\" >$cg/blkio.throttle.write_iops_device' &"
	else
		echo "sh -c 'sleep $1; echo \"$dev riops=$n wiops=$n\" >$cg/io.max' &"
	fi
}

# fio in the cgroup; the throttle set by the caller.
fio_cg() {
	sh -c 'echo $$ > "$0/cgroup.procs"; exec fio "$@"' "$cg" "$@"
}

# A file of random data, written and on the disk: reads reach the medium.
filled() {
	[ -f "$1" ] || {
		dd if=/dev/urandom of="$1" bs=1M count="$2" status=none
		sync "$1"
	}
}

# ---- the cases -----------------------------------------------------------

# fio's json+ and its logs in $out/CASE/, named LABEL_CASE_TIME.json so
# that fioverdict labels them by their directory's runs.
run_case() { # CASE FIO-RUNNER ARGS...
	local c=$1 runner=$2
	shift 2
	rm -rf "${out:?}/$c"
	mkdir -p "$out/$c"
	(cd "$out/$c" && $runner --output-format=json+ \
		--output="$c.json" "$@") || { echo "gen.sh: $c failed" >&2; return 1; }
	rm -f "$out/$c"/*.prerun.txt # what exec_prerun printed: nothing
	echo "gen.sh: $c done"
}

logs=(--write_iops_log=iops --log_avg_msec=250)
# The QD sweep, 1 2 4 8 16 32, 5 s each one after another, into the array
# jobs; at depth QD, fio runs PRERUN as that job starts.
sweep() { # RW [QD PRERUN]
	jobs=()
	for qd in 1 2 4 8 16 32; do
		jobs+=(--name="sweep_$1_qd$qd" --rw="$1" --iodepth="$qd" --stonewall)
		if [ "$qd" = "${2:-}" ]; then jobs+=(--exec_prerun="$3"); fi
	done
}
common=(--ioengine=io_uring --bs=4k --direct=1 --time_based --runtime=4
	--ramp_time=1 --size=256m --thread)

case_throttle_sweep() {
	filled "$dir/disk.dat" 256
	throttle_on "$cap"
	sweep randread
	run_case throttle_sweep fio_cg --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" "${jobs[@]}"
	throttle_clear
}

# The throttle comes 2.5 s into the QD 4 job (1 s of ramp, then 1.5 s of
# its log at the disk's rate, 2.5 s at the throttle's).
# The same throttled sweep through psync, a synchronous engine: fio caps
# iodepth at 1, so the depths are names only, and no sweep was made.
case_psync_sweep() {
	filled "$dir/disk.dat" 256
	throttle_on "$cap"
	sweep randread
	run_case psync_sweep fio_cg --filename="$dir/disk.dat" \
		"${common[@]}" --ioengine=psync "${logs[@]}" "${jobs[@]}"
	throttle_clear
}

case_throttle_midsweep() {
	filled "$dir/disk.dat" 256
	throttle_clear
	sweep randread 4 "$(throttle_later 2.5)"
	run_case throttle_midsweep fio_cg --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" "${jobs[@]}"
	throttle_clear
}

# One steady random-read job of RUNTIME s (after 1 s of ramp), throttled
# AT s after it starts (ramp included).
steady_throttled() { # CASE RUNTIME AT
	filled "$dir/disk.dat" 256
	throttle_clear
	run_case "$1" fio_cg --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" --runtime="$2" \
		--name=steady_randread --rw=randread --iodepth=16 \
		--exec_prerun="$(throttle_later "$3")"
	throttle_clear
}

# 16 s, throttled from 7 s on.
case_throttle_midrun() { steady_throttled throttle_midrun 16 8; }

# 12 s, throttled from 10 s on: the last five rounds of a second straddle
# the fall, steady state not reached.
case_throttle_late() { steady_throttled throttle_late 12 11; }

case_healthy_sweep() {
	filled "$dir/disk.dat" 256
	sweep randread
	run_case healthy_sweep fio --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" "${jobs[@]}"
}

case_healthy_steady() {
	filled "$dir/disk.dat" 256
	run_case healthy_steady fio --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" --runtime=12 \
		--name=steady_randwrite --rw=randwrite --iodepth=16
}

# Buffered reads of a file the page cache holds (fio drops a file's
# cached pages before a job unless invalidate=0), then O_DIRECT ones.
case_cached_reads() {
	filled "$dir/disk.dat" 256
	cat "$dir/disk.dat" >/dev/null
	run_case cached_reads fio --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" --invalidate=0 \
		--name=peak_buffered_randread --rw=randread --iodepth=1 \
		--direct=0 --ioengine=psync
	run_case direct_reads fio --filename="$dir/disk.dat" \
		"${common[@]}" "${logs[@]}" \
		--name=peak_direct_randread --rw=randread --iodepth=1
}

# Never-written regions: a sparse file (holes), a file of unwritten
# extents (fallocate), both read as zeros without the device; and the
# control, a file fio lays out itself (it writes every block: the reads
# reach the device).
case_unwritten_reads() {
	rm -f "$dir/sparse.dat" "$dir/unwritten.dat" "$dir/laid.dat"
	truncate -s 256m "$dir/sparse.dat"
	fallocate -l 256m "$dir/unwritten.dat"
	run_case sparse_reads fio --filename="$dir/sparse.dat" \
		"${common[@]}" "${logs[@]}" \
		--name=peak_sparse_randread --rw=randread --iodepth=1
	run_case unwritten_reads fio --filename="$dir/unwritten.dat" \
		"${common[@]}" "${logs[@]}" \
		--name=peak_unwritten_randread --rw=randread --iodepth=1
	run_case laidout_reads fio --filename="$dir/laid.dat" \
		"${common[@]}" "${logs[@]}" \
		--name=peak_laidout_randread --rw=randread --iodepth=1
}

case_tmpfs_reads() {
	run_case tmpfs_reads fio --filename="$shm/mem.dat" \
		"${common[@]}" "${logs[@]}" \
		--name=peak_tmpfs_randread --rw=randread --iodepth=1
}

# fsync=1 4K random writes QD1, fio's own io_uring engine and ours.
sync_job=(--bs=4k --direct=1 --time_based --runtime=3 --ramp_time=1
	--size=64m --name=sync_randwrite --rw=randwrite --iodepth=1 --fsync=1
	--write_lat_log=lat --log_avg_msec=250)
case_fsync() {
	run_case fsync_tmpfs_fio fio --filename="$shm/sync.dat" \
		--ioengine=io_uring "${sync_job[@]}"
	run_case fsync_tmpfs_ours fio --filename="$shm/sync.dat" \
		--ioengine=external:"$engine" "${sync_job[@]}"
	run_case fsync_ext4_fio fio --filename="$dir/sync.dat" \
		--ioengine=io_uring "${sync_job[@]}"
	run_case fsync_ext4_ours fio --filename="$dir/sync.dat" \
		--ioengine=external:"$engine" "${sync_job[@]}"
}

# ext4 on a loop device, its queue's write cache set both ways.
case_fsync_loop() {
	truncate -s 256m "$loopimg"
	loopdev=$(losetup --find --show "$loopimg")
	mkfs.ext4 -q "$loopdev"
	mkdir -p "$dir/mnt"
	mount "$loopdev" "$dir/mnt"
	for mode in "write through" "write back"; do
		echo "$mode" >"/sys/block/$(basename "$loopdev")/queue/write_cache"
		run_case "fsync_loop_${mode// /_}" fio \
			--filename="$dir/mnt/sync.dat" \
			--ioengine=external:"$engine" "${sync_job[@]}"
	done
	umount "$dir/mnt"
	losetup -d "$loopdev"
	loopdev=
}

# One configuration four times, then with its read job held to a third
# (rate_iops on that job alone).
repeat_global=(--ioengine=io_uring --bs=4k --direct=1 --time_based
	--runtime=6 --ramp_time=1 --size=128m --thread
	--write_iops_log=iops --write_lat_log=lat --log_avg_msec=500)
repeat_read=(--name=peak_randread --rw=randread --iodepth=8 --stonewall)
repeat_write=(--name=peak_randwrite --rw=randwrite --iodepth=8 --stonewall)
case_repeat() {
	local iops
	for i in 1 2 3 4; do
		run_case "repeat_$i" fio --filename="$shm/rep.dat" \
			"${repeat_global[@]}" "${repeat_read[@]}" \
			"${repeat_write[@]}"
	done
	iops=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]));
print(int(d["jobs"][0]["read"]["iops"] / 3))' "$out/repeat_1/repeat_1.json")
	run_case repeat_slowed fio --filename="$shm/rep.dat" \
		"${repeat_global[@]}" "${repeat_read[@]}" --rate_iops="$iops" \
		"${repeat_write[@]}"
}

# Latency under sustained load, from histogram logs (1 s windows), on a
# loop device backed by tmpfs (no other user's I/O on it) under a read
# throttle of $cap IO/s: one steady reader at 400 IO/s, queue depth 4,
# well under the throttle: its p99 holds (it moves with the machine's
# load, not with the device). Then the same with a competing reader
# (queue depth 32, no rate) started 20 s in: the two together ask more
# than the throttle gives, the steady job's I/Os wait in the throttle's
# queue (its slices are 100 ms), its p99 rises to about 100 ms.
lat_common=(--ioengine=io_uring --bs=4k --direct=1 --time_based
	--ramp_time=1 --size=200m --thread --runtime=40
	--write_hist_log=hist --log_hist_msec=1000
	--name=steady_randread --rw=randread --iodepth=4 --rate_iops=400)
lat_case() { # CASE [FIO ARGS...]
	local c=$1 dev
	shift
	truncate -s 256m "$shm/lat.img"
	loopdev=$(losetup --find --show "$shm/lat.img")
	dev=$(cat "/sys/block/$(basename "$loopdev")/dev")
	throttle_on "$cap"
	# lat_lower="SECONDS IOPS": the throttle lowered that far in
	[ -z "${lat_lower:-}" ] ||
		set -- "$@" --exec_prerun="$(throttle_later $lat_lower)"
	run_case "$c" fio_cg --filename="$loopdev" "${lat_common[@]}" "$@"
	throttle_clear
	losetup -d "$loopdev"
	loopdev=
	rm -f "$shm/lat.img"
}
case_lat_steady() {
	lat_case lat_steady
}
# (the competitor is named a warmup: no verdict takes it for the peak the
# steady job's IOPS are held against; the steady job's are its rate's)
case_lat_competing() {
	lat_case lat_competing --name=warmup_competing --rw=randread \
		--iodepth=32 --startdelay=20 --runtime=20
}

# The steady reader alone again, with two CPU-bound processes beside it (as
# many as this machine has cores, as other tenants would be): its windows
# wait for a CPU too, but the load is the same from start to end, so its
# p99 has no step and no drift to find.
case_lat_steady_loaded() {
	python3 -c 'while True: pass' &
	hog=$!
	python3 -c 'while True: pass' &
	local hog2=$!
	lat_case lat_steady_loaded || { kill "$hog" "$hog2"; return 1; }
	kill "$hog" "$hog2"
	hog=
}
# The steady reader alone, its throttle lowered from $cap to 300 IO/s 20 s
# into the job: it asks 400, 4 at a time, and gets 300, so from there each
# I/O waits for the throttle's slices (about 4 / 300 s) where it waited
# for tmpfs before: its p99 steps up and stays.
case_lat_throttled() {
	lat_lower="20 300" lat_case lat_throttled
}

# Batches of that configuration run many times (aa*: A/A) and with its
# read job held to three quarters of the median read IOPS of the batch's
# A runs so far (ab*: the known regression, its level following the
# machine's drift), B's runs interleaved with A's (A B A B) so that the
# drift hits both alike. Made at different times of a day's work on the
# shared machine; TRUTH_BATCH names a batch (a letter), TRUTH_LOAD=1 runs
# a CPU-bound process beside it, as another tenant would.
case_repeats() {
	local b=${TRUTH_BATCH:-a} iops i
	if [ "${TRUTH_LOAD:-0}" = 1 ]; then
		python3 -c 'while True: pass' &
		hog=$!
	fi
	for i in 1 2 3 4 5 6 7 8; do
		run_case "aa${b}_$i" fio --filename="$shm/rep.dat" \
			"${repeat_global[@]}" "${repeat_read[@]}" \
			"${repeat_write[@]}"
		[ "$i" -ge 4 ] || continue
		iops=$(python3 -c 'import json,statistics,sys
v=[json.load(open(f))["jobs"][0]["read"]["iops"] for f in sys.argv[1:]]
print(int(statistics.median(v) * 0.75))' "$out/aa${b}"_*/*.json)
		run_case "ab${b}_$((i - 3))" fio --filename="$shm/rep.dat" \
			"${repeat_global[@]}" "${repeat_read[@]}" \
			--rate_iops="$iops" "${repeat_write[@]}"
		echo "gen.sh: ab${b}_$((i - 3)): read job held to $iops IOPS"
	done
	if [ -n "$hog" ]; then
		kill "$hog"
		hog=
	fi
}

case_null() {
	run_case null_engine fio --ioengine=null --size=1g --bs=4k \
		--time_based --runtime=2 --ramp_time=1 \
		--name=peak_null_randread --rw=randread --iodepth=8
}

# One job on tmpfs, libaio (its submission does the copy in fio's thread),
# through the QD sweep: fio's CPU is the limit at every depth, its thread
# busy or, on a machine others keep busy, waiting for a CPU (fio's idle
# threads measure how idle the CPUs were).
case_tmpfs_sweep() {
	sweep randread
	run_case tmpfs_sweep fio --filename="$shm/mem.dat" --idle-prof=percpu \
		"${common[@]}" --ioengine=libaio "${logs[@]}" "${jobs[@]}"
}

# A job that would keep a CPU busy (libaio on tmpfs), allowed only the
# last CPU, which a busy loop shares with it: starved of CPU. The control:
# the same pinning, that CPU free, on the throttled disk (the disk is the
# limit). fio's idle threads measure each CPU's idleness.
pinned=(--thread --bs=4k --direct=1 --time_based --runtime=5 --ramp_time=1
	--size=256m --idle-prof=percpu --name=pinned_randread --rw=randread
	--iodepth=8)
case_pinned() {
	local last busy
	last=$(($(nproc) - 1))
	taskset -c "$last" sh -c 'while :; do :; done' &
	busy=$!
	run_case pinned_busy fio --filename="$shm/mem.dat" --ioengine=libaio \
		--cpus_allowed="$last" "${pinned[@]}" || { kill "$busy"; return 1; }
	kill "$busy"
	filled "$dir/disk.dat" 256
	throttle_on "$cap"
	run_case pinned_throttled fio_cg --filename="$dir/disk.dat" \
		--ioengine=io_uring --cpus_allowed="$last" "${pinned[@]}"
	throttle_clear
}

# A history as CI keeps one: one run per commit, twelve of one build,
# then five of a build whose read job is 25% slower, on a disk the
# engine's emulator holds to 4,000 IOPS (the slowed build: its read job
# to 3,000), a CPU-bound process beside them as a CI runner's other work
# would be. json, not json+: the history reads the jobs' figures.
hist_job() { # NAME RW CAP
	echo --name="$1" --rw="$2" --cap_iops="$3" --stonewall
}
case_history() {
	local i n read_cap
	python3 -c 'while True: pass' &
	hog=$!
	for i in $(seq 1 17); do
		n=$(printf 'hist_%02d' "$i")
		read_cap=4000
		[ "$i" -le 12 ] || read_cap=3000
		rm -rf "${out:?}/$n"
		mkdir -p "$out/$n"
		# in the run's folder: the engine's stats files land beside
		# shellcheck disable=SC2046 # the job's options, split
		(cd "$out/$n" && fio --output-format=json --output="$n.json" \
			--filename="$shm/hist.dat" \
			--ioengine=external:"$engine" --bs=4k --direct=1 \
			--time_based --runtime=4 --ramp_time=1 --size=64m \
			--iodepth=8 $(hist_job capped_randread randread "$read_cap") \
			$(hist_job capped_randwrite randwrite 4000)) ||
			{ echo "gen.sh: $n failed" >&2; kill "$hog"; return 1; }
		echo "gen.sh: $n done (read job capped at $read_cap IOPS)"
	done
	kill "$hog"
	hog=
}

all=(throttle_sweep psync_sweep throttle_midsweep throttle_midrun throttle_late healthy_sweep
	healthy_steady cached_reads unwritten_reads tmpfs_reads fsync
	fsync_loop repeat null tmpfs_sweep pinned
	lat_steady lat_competing lat_steady_loaded lat_throttled)
# repeats is made apart, batch by batch at different times, and history
# apart: not in all.
for c in "${@:-${all[@]}}"; do
	"case_$c"
done
