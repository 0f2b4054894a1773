#!/bin/bash
# Runs fio with --output-format=json+,normal and splits each output into
# its JSON (NAME.json) and its normal text (NAME.txt), the text kept as
# seed 000's PowerShell script keeps it: its six header lines, a UTF-8
# BOM, CRLF line ends. test_fio_text.c reads both and checks that the text
# gives what the JSON gives, to the text's printed precision. Small runs
# (null engine, psync and io_uring on a few MiB in /dev/shm): a few seconds
# in all.
#
# Usage: fio_text_gen.sh OUTDIR [FIO]
set -euo pipefail

out=${1:?usage: fio_text_gen.sh OUTDIR [FIO]}
fio=$(command -v "${2:-fio}")
fio=$(realpath "$fio")
mkdir -p "$out"
shm=$(mktemp -d /dev/shm/fvtext.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$shm"' EXIT
version=$("$fio" --version)

# run NAME TESTTYPE ARGS...: both outputs of one fio run.
run() {
	local name=$1 type=$2 both="$shm/both"
	shift 2
	(cd "$shm" && "$fio" --output-format=json+,normal "$@") >"$both" 2>&1
	# fio writes the JSON document, then the normal output.
	awk -v json="$out/$name.json" -v text="$shm/text" '
		/^\{$/ { injson = 1 }
		injson { print > json; if ($0 == "}") injson = 0; next }
		{ print > text }' "$both"
	{
		printf '\357\273\277'
		printf 'VM: vm-%s\n' "${version#fio-}"
		printf 'Date: 2026-01-02 03:04:05\n'
		printf 'TestType: %s\n' "$type"
		printf 'Test: %s\n' "$name"
		printf 'Command: fio %s\n' "$*"
		printf -- '----------------------------------------\n'
		cat "$shm/text"
	} | sed 's/$/\r/' >"$out/$name.txt"
}

f="--filename=$shm/data --size=8m"
pct="--percentile_list=50:95:99:99.9"

# The seed's own shape: group_reporting, threads, its percentile list.
run peak_randrw peak $f --ioengine=psync --bs=4k --rw=randrw \
	--rwmixread=70 --numjobs=2 --thread --group_reporting $pct \
	--time_based --runtime=1 --name=peak_randrw4k_qd1_nj2
# fsync after every write: the sync section.
run sync_randwrite sync $f --size=1m --ioengine=psync --bs=4k --fsync=1 \
	--rw=randwrite $pct --name=sync_randwrite4k_qd1_nj1_fsync1
# numjobs without group_reporting: one block per clone.
run clones steady $f --ioengine=psync --bs=4k --rw=randwrite --numjobs=3 \
	--name=steady_randwrite4k
# Millions of I/Os a second (M suffixes, nsec), total and slat
# percentiles.
run null_fast peak --ioengine=null --size=2g --bs=4k --rw=randread \
	--lat_percentiles=1 --slat_percentiles=1 $pct --name=peak_null_read
# kb_base=1000 and bits (unit_base=1): "BW=87.9Tbit/s (79.9Tibit/s)", and
# past kb_base^2 KiB/s the bandwidth samples in kb_base x KiB; then
# kb_base=1000 under a rate limit: samples in "kB", which are KiB.
run si_bits peak --ioengine=null --size=4g --bs=1m --rw=read --time_based \
	--runtime=1200ms --kb_base=1000 --unit_base=1 --name=peak_null_bits
run si_kilo peak --ioengine=null --size=4g --bs=1m --rw=read --time_based \
	--runtime=1200ms --rate=300m --kb_base=1000 --name=peak_null_si
# Two groups (stonewall), a sequential read and a sequential write of 1M.
run two_groups throughput $f --ioengine=psync --bs=1m --name=seqread1m \
	--rw=read --name=seqwrite1m --stonewall --rw=write
# Reads and writes reported as one direction.
run unified peak $f --ioengine=psync --bs=4k --rw=randrw \
	--unified_rw_reporting=1 --name=peak_mixed4k
# An async engine's queue: IO depths above 1 (io_uring: fio builds it on
# Linux without a library, where libaio needs libaio-dev).
run deep_randread peak $f --ioengine=io_uring --iodepth=8 --bs=4k \
	--rw=randread --time_based --runtime=500ms --name=peak_randread4k_qd8
# Interim sections (--status-interval): only the last one counts.
run status steady --ioengine=null --size=100g --bs=4k --rw=randwrite \
	--time_based --runtime=1500ms --status-interval=500ms \
	--name=steady_status
