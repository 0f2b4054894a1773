#!/bin/bash
# Makes fio result fixtures with the installed fio, for the ingest tests,
# the percentile check and the fuzz corpus. Every run is small (null engine
# or psync on a few MiB in /dev/shm) so the whole script takes seconds.
#
# Usage: gen_fixtures.sh OUTDIR
set -euo pipefail

out=${1:?usage: gen_fixtures.sh OUTDIR}
mkdir -p "$out"
shm=$(mktemp -d /dev/shm/fvgen.XXXXXX 2>/dev/null || mktemp -d)
server_pid=""
cleanup() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$shm"
}
trap cleanup EXIT

f="--filename=$shm/data --size=4m"
pct="--percentile_list=50:90:95:99:99.5:99.9:99.99"

# Plain json and json+, several jobs, reads and writes.
fio --output-format=json $f --ioengine=psync --bs=4k \
	--name=peak_rr --rw=randread --name=peak_rw --rw=randwrite \
	>"$out/json.json"
fio --output-format=json+ $f --ioengine=psync --bs=4k $pct \
	--lat_percentiles=1 \
	--name=jp_read --rw=randread --name=jp_write --rw=randwrite \
	--name=jp_rw --rw=randrw >"$out/jsonplus.json"
fio --output-format=json+ --ioengine=null --size=64m --bs=4k $pct \
	--name=null_rw --rw=randrw >"$out/jsonplus_null.json"

# A warning fio prints on stdout before the JSON (iodepth capped at 1).
fio --output-format=json $f --ioengine=psync --iodepth=8 --bs=4k \
	--name=warned --rw=randread >"$out/warnings.json"

# numjobs clones without group_reporting, and with it.
fio --output-format=json+ $f --ioengine=psync --bs=4k --numjobs=3 \
	--name=clones --rw=randwrite >"$out/clones.json"
fio --output-format=json $f --ioengine=psync --bs=4k --numjobs=3 \
	--group_reporting --name=grouped --rw=randwrite >"$out/grouped.json"

# fsync after every write: the sync section.
fio --output-format=json+ $f --ioengine=psync --bs=4k --fsync=1 \
	--size=1m --name=sync_rw --rw=randwrite >"$out/fsync.json"

# A steady-state job (null engine reaches it at once).
fio --output-format=json --ioengine=null --size=100g --bs=4k \
	--time_based --runtime=2 --ss=iops:20% --ss_dur=1 --ss_ramp=0 \
	--name=steady_rw --rw=randwrite >"$out/steady.json"

# Interim documents: --status-interval.
fio --output-format=json --ioengine=null --size=100g --bs=4k \
	--time_based --runtime=1500ms --status-interval=500ms \
	--name=status --rw=randwrite >"$out/status.json"

# gtod_reduce: every latency is zero.
fio --output-format=json --ioengine=null --size=16m --bs=4k \
	--gtod_reduce=1 --name=gtod --rw=randread >"$out/gtod.json"

# unified_rw_reporting=mixed: one "mixed" section.
fio --output-format=json --ioengine=null --size=16m --bs=4k \
	--unified_rw_reporting=mixed --name=mixed --rw=randrw \
	>"$out/mixed.json"

# Client/server on 127.0.0.1, a free port.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fio --server=ip:127.0.0.1,"$port" --daemonize="$shm/server.pid" >/dev/null
for _ in $(seq 50); do
	[ -s "$shm/server.pid" ] && break
	sleep 0.05
done
server_pid=$(cat "$shm/server.pid")
cat >"$shm/cs.fio" <<JOB
[global]
ioengine=psync
filename=$shm/csdata
size=2m
bs=4k
[cs_peak]
rw=randwrite
numjobs=2
JOB
ok=0
for _ in $(seq 20); do
	if fio --client=127.0.0.1,"$port" --output-format=json+ "$shm/cs.fio" \
		>"$out/client.json" 2>/dev/null; then
		ok=1
		break
	fi
	sleep 0.1
done
[ $ok = 1 ] || { echo "gen_fixtures: fio client/server failed" >&2; exit 1; }
kill "$server_pid" 2>/dev/null || true
server_pid=""

# The seed's test plan for two labels, file names <label>_<test>_<ts>.
plan="$out/plan"
mkdir -p "$plan"
run() { # label test ts args...
	local label=$1 test=$2 ts=$3
	shift 3
	{
		echo "VM: $label"
		echo "TestType: $test"
		echo "----------------------------------------"
		fio --output-format=json+ --ioengine=null --size=32m \
			--percentile_list=50:95:99:99.9 "$@"
	} >"$plan/${label}_${test}_${ts}.txt"
}
for label in vmA vmB; do
	run $label warmup_write1m 20260101-100000 --name=warmup --bs=1m \
		--rw=write
	for qd in 1 4 16; do
		run $label scaling_randread4k_qd$qd 20260101-1001$qd \
			--name=rr_qd$qd --bs=4k --rw=randread --iodepth=$qd
		run $label scaling_randwrite4k_qd$qd 20260101-1002$qd \
			--name=rw_qd$qd --bs=4k --rw=randwrite --iodepth=$qd
	done
	run $label peak_randread4k 20260101-100300 --name=peak_rr --bs=4k \
		--rw=randread --iodepth=32
	run $label peak_randwrite4k 20260101-100400 --name=peak_rw --bs=4k \
		--rw=randwrite --iodepth=32
	run $label steady_randwrite4k 20260101-100500 --name=steady_rw \
		--bs=4k --rw=randwrite --iodepth=32
	run $label sync_randwrite4k 20260101-100600 --name=sync_rw --bs=4k \
		--rw=randwrite --fsync=1
	run $label seqread1m 20260101-100700 --name=sr_1m --bs=1m --rw=read
	run $label seqwrite1m 20260101-100800 --name=sw_1m --bs=1m --rw=write
done

# fio's normal text beside its JSON of the same runs (test_fio_text.c).
"$(dirname "$0")/fio_text_gen.sh" "$out/text"
# fio's terse records beside its JSON of the same runs (test_fio_terse.c).
"$(dirname "$0")/fio_terse_gen.sh" "$out/terse"
