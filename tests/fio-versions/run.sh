#!/bin/bash
# The engines on every fio people run: for each version, fio is built from
# its upstream release tarball, the engines are built against that tree,
# and the engine suites run with that fio first on PATH: the integration
# tests (load, --enghelp of both engines, verify in every mode, sync counts,
# linked and dsync modes, the emulator, the stats file, end_syncfs where
# fio has it), fioverdict replay (tests/replay/replay.sh) with that fio
# and its engines, and one job through fio --server on a loopback address.
# Layouts change silently between versions: each one is run, not only built.
#
# Environment: FV_FIO_TARBALLS (folder of fio-X.tar.gz), FV_OUT (build
# folder), FV_PRELOAD (sanitizer runtimes). Arguments: the versions.
# Last line: "fio versions: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/lib/check.sh

TARBALLS=${FV_FIO_TARBALLS:?FV_FIO_TARBALLS names the folder of fio-X.tar.gz}
OUT=${FV_OUT:-build/fio-versions}
SERVER=
WORK=$(mktemp -d /tmp/fv-versions.XXXXXX)
trap 'stop_server; rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BIN=${FV_BIN:-$PWD/build/postproc/fioverdict}

stop_server() {
	[ -n "$SERVER" ] || return 0
	kill "$SERVER" 2>/dev/null
	wait "$SERVER" 2>/dev/null
	SERVER=
}

# A free loopback port: the kernel's choice, read back.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# server_job V TREE ENGDIR: fio --server on 127.0.0.1 runs one job with
# our engine for fio --client; the client's JSON and the server's stats
# file must agree.
server_job() {
	local v=$1 tree=$2 eng=$3 port srv="$WORK/srv-$v" i
	mkdir -p "$srv"
	port=$(free_port)
	(cd "$srv" && exec timeout 120 "$tree/fio" --server="ip:127.0.0.1,$port" \
		>server.log 2>&1) &
	SERVER=$!
	for i in $(seq 50); do
		(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
		sleep 0.1
	done
	cat >"$WORK/srv-$v.fio" <<JOB
[s]
ioengine=external:$eng/uring_durable.so
filename=/dev/shm/fv-versions-$v-$port
size=1m
bs=4k
rw=randwrite
iodepth=4
fsync=8
stats_file=$srv/s_durability.json
JOB
	timeout 120 "$tree/fio" --client="127.0.0.1,$port" --output-format=json \
		--output="$WORK/client-$v.json" "$WORK/srv-$v.fio" \
		>"$WORK/client-$v.log" 2>&1
	stop_server
	rm -f "/dev/shm/fv-versions-$v-$port"
	if python3 - "$WORK/client-$v.json" "$srv/s_durability.json" <<'PY'; then
import json, sys
t = open(sys.argv[1]).read()
# the engine's stats line, relayed by the server, comes before fio's JSON
c = json.loads(t[t.index('\n{') + 1:])
j = c['client_stats'][0]
s = json.load(open(sys.argv[2]))
assert j['error'] == 0, j['error']
assert j['write']['total_ios'] == s['counts']['writes'] == 256, (j['write']['total_ios'], s['counts']['writes'])
assert s['counts']['fsyncs'] == j['sync']['total_ios'] > 0
assert s['fio_version'] == c['fio version'], (s['fio_version'], c['fio version'])
PY
		ok "fio $v --server on 127.0.0.1: the client's counts are the stats file's"
	else
		not_ok "fio $v --server on 127.0.0.1: the client's counts are the stats file's" \
			"$(tail -n 3 "$WORK/client-$v.log")" "$(tail -n 3 "$srv/server.log")"
	fi
}

one_version() {
	local v=$1 tree eng log line
	if ! tree=$(tests/fio-versions/build-fio.sh "$TARBALLS" "$v" "$OUT"); then
		not_ok "fio $v builds from its release tarball"
		return
	fi
	[ "$("$tree/fio" --version)" = "fio-$v" ] ||
		not_ok "fio $v: the built fio says $("$tree/fio" --version)"
	eng="$OUT/$v/engines"
	log="$OUT/$v.build.log"
	if PATH="$tree:$PATH" make --no-print-directory -j2 BUILD="$OUT/$v" \
		FIO_SRC="$tree" engines >"$log" 2>&1; then
		ok "fio $v: both engines build against its tree"
	else
		not_ok "fio $v: both engines build against its tree" "$(grep -m3 error "$log")"
		return
	fi
	log="$OUT/$v.integration.log"
	PATH="$tree:$PATH" FV_ENGINES="$eng" tests/integration/run.sh >"$log" 2>&1
	line=$(tail -n 1 "$log")
	if [[ $line =~ ^integration:\ ([0-9]+)\ passed,\ 0\ failed ]]; then
		ok "fio $v: integration tests ($line)"
	else
		not_ok "fio $v: integration tests ($line)" "$(grep -A3 '^not ok' "$log" | head -n 20)"
	fi
	# fioverdict replay through this fio: the iolog version it reads,
	# trims it cannot replay, the timed pass's latency where it reaps
	log="$OUT/$v.replay.log"
	PATH="$tree:$PATH" FV_ENGINE_DIR="$eng" FV_BIN="$BIN" \
		tests/replay/replay.sh >"$log" 2>&1
	line=$(tail -n 1 "$log")
	if [[ $line =~ ^replay:\ ([0-9]+)\ passed,\ 0\ failed ]]; then
		ok "fio $v: fioverdict replay ($line)"
	else
		not_ok "fio $v: fioverdict replay ($line)" "$(grep -A3 '^not ok' "$log" | head -n 20)"
	fi
	server_job "$v" "$tree" "$eng"
}

for v in "$@"; do
	one_version "$v"
done
summary "fio versions"
