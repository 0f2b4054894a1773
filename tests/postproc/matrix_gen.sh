#!/bin/bash
# Real runs of jobfiles/cdm.fio and jobfiles/diskspd.fio, quick values, on
# three labels, for the matrix and --sku tests: tmpfs (/dev/shm), the root
# file system (/var/tmp), and an emulated Azure Premium SSD P10
# (emulate=azure:P10 on tmpfs: its 30-minute credit bucket outlasts the
# run, so every test runs at the burst rate). Plain fio, as the job files
# allow; each result is named <label>_<jobfile>_<timestamp>.json, which
# the file-name label rule reads back. About 15 s a label.
#
# Usage: matrix_gen.sh ENGINE_SO OUTDIR
set -euo pipefail
. "$(dirname "$0")/../lib/check.sh"

so=$(realpath "${1:?usage: matrix_gen.sh ENGINE_SO OUTDIR}")
out=${2:?usage: matrix_gen.sh ENGINE_SO OUTDIR}
top=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
shm=$(mktemp -d /dev/shm/fvmx.XXXXXX)
var=$(mktemp -d /var/tmp/fvmx.XXXXXX)
trap 'rm -rf "$shm" "$var"' EXIT

# A sanitized engine (SANITIZE=1) needs the runtimes fio lacks.
fio() {
	with_preload command fio "$@"
}

# run LABEL JOBFILE TARGET [ENGINE_OPTION]: the job file's quick values
# (its "#@ VAR=FULL quick=QUICK" lines), one second per test.
run() {
	local label=$1 jf=$2 target=$3 eopt=${4:-} dir stamp
	dir="$out/$label"
	stamp=$(date +%Y%m%d-%H%M%S)
	mkdir -p "$dir"
	sed "s|^ioengine=\${FV_ENGINE}|&${eopt:+\\n$eopt}|" \
		"$top/jobfiles/$jf.fio" >"$dir/$jf.fio"
	(
		cd "$dir"
		FV_TARGET=$target FV_ENGINE="external:$so" \
			FV_SIZE=$(sed -n 's/^#@ FV_SIZE=.*quick=\([^ ]*\).*/\1/p' "$jf.fio") \
			FV_RAMP=0s FV_RUNTIME=1s \
			fio --output-format=json+ \
			--output="${label}_${jf}_${stamp}.json" "$jf.fio" \
			>/dev/null
	)
	rm -f "$target"
}

for jf in cdm diskspd; do
	run tmpfs "$jf" "$shm/$jf.dat"
	run rootfs "$jf" "$var/$jf.dat"
	run p10 "$jf" "$shm/$jf-p10.dat" "emulate=azure:P10"
done
