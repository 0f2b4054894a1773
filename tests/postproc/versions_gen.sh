#!/bin/bash
# Makes tests/postproc/fixtures/versions/: real outputs of each fio of the
# version matrix, for fioverdict's goldens (make golden-update after).
# Per version: a JSON run (randrw, every direction, job_start where fio has
# it, disk_util of the root file system's device), a json+ run (latency
# bins), a client run against two fio --server processes on loopback
# addresses (global options an array from fio 3.39); fio 3.42 adds a run
# whose steady state is judged on latency (ss=lat), with histogram logs.
#
# One folder per version (the label). Usage:
#   tests/postproc/versions_gen.sh FIO_TREE_DIR VERSION...
#   (FIO_TREE_DIR/fio-X/fio: the binaries tests/fio-versions builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
trees=${1:?usage: versions_gen.sh FIO_TREE_DIR VERSION...}
shift
out=tests/postproc/fixtures/versions
work=$(mktemp -d /var/tmp/fv-vgen.XXXXXX)
servers=()
trap 'kill "${servers[@]}" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$out"

port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

for v in "$@"; do
	fio="$trees/fio-$v/fio"
	mkdir -p "$out/$v"
	common=(--filename="$work/f" --size=8m --bs=4k --ioengine=psync
		--time_based --runtime=2)
	"$fio" --name=mixed --rw=randrw --rwmixread=70 "${common[@]}" \
		--output-format=json --output="$out/$v/mixed.json"
	"$fio" --name=bins --rw=randread "${common[@]}" \
		--output-format=json+ --output="$out/$v/bins-plus.json"
	# two servers on two loopback addresses, one client
	p1=$(port)
	p2=$(port)
	(cd "$work" && exec "$fio" --server="ip:127.0.0.2,$p1") >/dev/null 2>&1 &
	servers+=($!)
	(cd "$work" && exec "$fio" --server="ip:127.0.0.3,$p2") >/dev/null 2>&1 &
	servers+=($!)
	sleep 1
	cat >"$work/client.fio" <<JOB
[client]
filename=$work/c
size=4m
bs=4k
rw=randwrite
ioengine=psync
time_based
runtime=1
JOB
	"$fio" --output-format=json --output="$out/$v/client.json" \
		--client="127.0.0.2,$p1" "$work/client.fio" \
		--client="127.0.0.3,$p2" "$work/client.fio"
	kill "${servers[@]}" 2>/dev/null || true
	wait "${servers[@]}" 2>/dev/null || true
	servers=()
	if "$fio" --cmdhelp=ss 2>&1 | grep -q "lat_slope"; then
		# with its histogram logs: latency-stability shows fio's result
		"$fio" --name=sslat --rw=randread "${common[@]}" --runtime=6 \
			--ss=lat:50% --ss_dur=3 --ss_ramp=0 \
			--write_hist_log="$out/$v/sslat" --log_hist_msec=250 \
			--output-format=json --output="$out/$v/sslat.json"
	fi
done
# the files name this run's scratch folder: make them the same each time
sed -i "s|$work|/var/tmp/fv-vgen|g" "$out"/*/*.json
ls -l "$out"/*
