#!/bin/bash
# Runs fio with --output-format=json,terse, each terse version, and splits
# each output into its JSON (NAME.json) and its terse records (NAME.terse):
# test_fio_terse.c reads both and checks that the terse records give what
# the JSON gives, to the precision they were printed to. Also one run of
# --minimal alone (minimal.out). Small runs (null engine, psync on a few
# MiB in /dev/shm, one MiB written in OUTDIR for the disks' figures):
# a few seconds in all, most of it fio starting.
#
# Usage: fio_terse_gen.sh OUTDIR [FIO]
set -euo pipefail

out=${1:?usage: fio_terse_gen.sh OUTDIR [FIO]}
fio=$(command -v "${2:-fio}")
fio=$(realpath "$fio")
mkdir -p "$out"
out=$(realpath "$out")
shm=$(mktemp -d /dev/shm/fvterse.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$shm" "$out/disk.data"' EXIT

# run NAME VERSION ARGS...: both outputs of one fio run.
run() {
	local name=$1 version=$2 both="$shm/both"
	shift 2
	mkdir -p "$(dirname "$out/$name")"
	(cd "$shm" && "$fio" --output-format=json,terse \
		--terse-version="$version" "$@") >"$both" 2>&1
	# fio writes the terse records, then the JSON document.
	awk -v json="$out/$name.json" -v terse="$out/$name.terse" '
		/^\{$/ { injson = 1 }
		injson { print > json; if ($0 == "}") injson = 0; next }
		{ print > terse }' "$both"
}

f="--filename=$shm/data --size=4m"

# numjobs without group_reporting: a record per clone; reads and writes.
run v3_clones 3 $f --ioengine=psync --bs=4k --rw=randrw --numjobs=2 \
	--name=randrw4k
# v2: no fio version, a trim block; its description on a line of its own,
# continue_on_error's fields at the record's end; a percentile list of 4:
# the other 16 slots "0%=0".
run v2_described 2 --ioengine=null --size=8m --bs=4k --rw=randread \
	--percentile_list=50:95:99:99.9 --continue_on_error=all \
	--description="random; reads" --name=null_read
# v4: trims (the null engine does them), two groups.
run v4_trim 4 --ioengine=null --size=8m --bs=4k --name=trims \
	--rw=randtrim --name=writes --stonewall --rw=write
# v5: the bandwidth samples' count and the IOPS samples (rate-limited,
# samples every 100 ms).
run v5_samples 5 --ioengine=null --size=100g --bs=4k --rw=randread \
	--rate_iops=2000 --time_based --runtime=600ms --bwavgtime=100 \
	--iopsavgtime=100 --name=sampled
# Reads and writes reported as one direction, and as both.
run v3_mixed 3 $f --ioengine=psync --bs=4k --rw=randrw \
	--unified_rw_reporting=mixed --name=mixed4k
run v4_both 4 $f --ioengine=psync --bs=4k --rw=randrw \
	--unified_rw_reporting=both --name=both4k
# A file on a block device: the disks' fields. A folder of its own: one
# target a folder, as the others share theirs.
run disk/v3_disk 3 --filename="$out/disk.data" --size=1m --ioengine=psync \
	--bs=64k --rw=write --name=disk_write
# --minimal alone, as scripts run it.
(cd "$shm" && "$fio" --minimal --ioengine=null --size=1m --bs=4k \
	--name=minimal_read) >"$out/minimal.out"
