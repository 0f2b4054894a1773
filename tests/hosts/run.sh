#!/bin/bash
# fioverdict run --hosts on real fio servers: fio --server processes on
# distinct loopback addresses (127.0.0.2 ...), sharing one working
# directory as servers on an NFS home would, our engine loaded by each,
# one host slowed by the emulator's cap. Also: bad host lists, an
# unreachable host, a server of another fio version (a stand-in speaking
# fio's protocol), a server killed mid-run, a host reached through a second
# loopback port standing in for an SSH tunnel. Every server listens on one
# loopback address and is killed on exit, failure or not.
#
# Environment: FV_BIN (fioverdict), FV_ENGINES (engine dir), FV_PRELOAD
# (sanitizer runtimes, for an instrumented engine). Last line:
# "hosts: N passed, M failed".
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib/check.sh"
built_paths
WORK=$(mktemp -d /tmp/fv-hosts.XXXXXX)
SHM=$(mktemp -d /dev/shm/fv-hosts.XXXXXX)
SERVERS=()
HELPERS=()

# kill_tree PID: a server and every process it started.
kill_tree() {
	# shellcheck disable=SC2046
	kill -9 $(proc_tree "$1") 2>/dev/null
}

cleanup() {
	local p
	for p in "${SERVERS[@]}"; do
		kill_tree "$p"
	done
	for p in "${HELPERS[@]}"; do
		kill "$p" 2>/dev/null
	done
	# (the servers' emulated disks: the engine's next attach removes the
	# state of runs that are gone)
	rm -rf "$WORK" "$SHM"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# fioverdict run, through fio; the analyses below run without the preload
# so that the sanitizers see fioverdict's own leaks.
fv_run() {
	with_preload timeout 300 env FV_ENGINE_DIR="$ENGDIR" "$BIN" run "$@"
}

# A port free on every loopback address the tests use.
PORT=$(python3 - <<'EOF'
import random, socket
for _ in range(200):
    p = random.randint(20000, 60000)
    try:
        socks = []
        for a in ["127.0.0.%d" % i for i in range(1, 10)]:
            s = socket.socket()
            s.bind((a, p))
            socks.append(s)
        for s in socks:
            s.close()
        print(p)
        break
    except OSError:
        for s in socks:
            s.close()
EOF
)

listening() { # listening ADDR PORT: the port accepts within 5 s
	python3 - "$1" "$2" <<'EOF'
import socket, sys, time
for _ in range(100):
    try:
        socket.create_connection((sys.argv[1], int(sys.argv[2])), 1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
EOF
}

# start_server ADDR DIR: fio --server on ADDR:PORT only, run from DIR.
start_server() {
	local pidfile="$WORK/server-$1.pid"
	(cd "$2" && with_preload fio --server="ip:$1,$PORT" \
		--daemonize="$pidfile" >/dev/null 2>&1)
	for _ in $(seq 100); do
		[ -s "$pidfile" ] && break
		sleep 0.05
	done
	[ -s "$pidfile" ] && SERVERS+=("$(cat "$pidfile")")
	listening "$1" "$PORT"
}

has() { grep -q -- "$2" "$1"; }

echo "hosts: servers on 127.0.0.2-6 port $PORT"

# ---- Nothing of ours listens on every address ----
unbound=$(cd "$HERE/../.." && grep -rnE '^[^#]*\<fio\>.*--server' tests ci \
	jobfiles Makefile ./*/*.mk 2>/dev/null |
	grep -vE '^[^:]*:[0-9]+:\s*(ok|not_ok|echo) ' |
	grep -vE -- '--server="?ip6?:' || true)
if [ -z "$unbound" ]; then
	ok "every fio --server of the tests and benchmarks names its address"
else
	not_ok "a fio --server without an address" "$unbound"
fi

# ---- Bad host lists: clear errors, nothing runs ----
out="$WORK/bad"
bad_list() { # bad_list NAME EXPECTED_TEXT --hosts ARG
	local name=$1 want=$2 st
	shift 2
	fv_run "$HERE/fleet.fio" --label bad --target "$SHM/x-{host}.dat" \
		--out "$out" "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"
	st=$?
	if [ $st -eq 64 ] && has "$WORK/bad.err" "$want" && [ ! -e "$out" ]; then
		ok "$name: status 64, named, nothing run"
	else
		not_ok "$name" "status $st" "$(cat "$WORK/bad.err")"
	fi
}
bad_list "a server twice" "same server as '127.0.0.2'" \
	--hosts "127.0.0.2,127.0.0.2:8765"
bad_list "an unparsable address" "entry 2: '127.0.0.300' is not" \
	--hosts "127.0.0.2,127.0.0.300"
bad_list "a port out of range" "the port must be a number" \
	--hosts "127.0.0.2:70000"
bad_list "an empty entry" "entry 2: an empty entry" --hosts "127.0.0.2,,x"
: >"$WORK/empty.hosts"
printf '# only comments\n\n' >"$WORK/comments.hosts"
bad_list "an empty file" "lists no host" --hosts "@$WORK/empty.hosts"
bad_list "a file of comments" "lists no host" --hosts "@$WORK/comments.hosts"
bad_list "a missing file" "cannot read @" --hosts "@$WORK/none.hosts"
printf '127.0.0.2:%s\n127.0.0.3:%s NOPE=1\n' "$PORT" "$PORT" \
	>"$WORK/var.hosts"
bad_list "a host's value of no variable" "NOPE is not a variable" \
	--hosts "@$WORK/var.hosts"

# ---- Servers: one working directory for all, as on an NFS home ----
mkdir -p "$WORK/srv" "$WORK/tun"
started=0
for a in 127.0.0.2 127.0.0.3 127.0.0.4 127.0.0.5; do
	start_server "$a" "$WORK/srv" && started=$((started + 1))
done
start_server 127.0.0.6 "$WORK/tun" && started=$((started + 1))
if [ $started -ne 5 ]; then
	not_ok "5 fio servers started" "$started started"
	summary hosts
	exit 1
fi
ok "5 fio servers on 127.0.0.2-6 port $PORT"
# Each listens on its own address: none on 0.0.0.0 or [::].
wild=$(ss -Hltnp 2>/dev/null | grep -E "(0\.0\.0\.0|\*|\[::\]):$PORT\b" || true)
if [ -z "$wild" ]; then
	ok "no server listens on every address"
else
	not_ok "a server listens on every address" "$wild"
fi

# ---- Preflight: an unreachable host, another fio, not fio ----
pre() { # pre NAME STATUS TEXT HOSTS
	local st
	fv_run "$HERE/fleet.fio" --label pre --target "$SHM/p-{host}.dat" \
		--out "$WORK/pre" --hosts "$4" >"$WORK/pre.out" \
		2>"$WORK/pre.err"
	st=$?
	if [ $st -eq "$2" ] && has "$WORK/pre.err" "$3" &&
		[ ! -e "$WORK/pre" ]; then
		ok "$1"
	else
		not_ok "$1" "status $st, expected $2" "$(cat "$WORK/pre.err")"
	fi
}
pre "an unreachable host: named, nothing runs" 69 \
	"host 127.0.0.7:$PORT: no fio server reachable" \
	"127.0.0.2:$PORT,127.0.0.7:$PORT"
python3 "$HERE/fakeserver.py" 127.0.0.8 "$PORT" fio-3.36 >"$WORK/fake1" &
HELPERS+=($!)
python3 "$HERE/fakeserver.py" 127.0.0.9 "$PORT" garbage >"$WORK/fake2" &
HELPERS+=($!)
listening 127.0.0.8 "$PORT" && listening 127.0.0.9 "$PORT"
pre "a server of another fio: named before any job, with both versions" 69 \
	"host 127.0.0.8:$PORT: its fio server (on fakehost) runs fio-3.36, this client $(fio --version)" \
	"127.0.0.2:$PORT,127.0.0.8:$PORT"
pre "something else on the port: not a fio server" 69 \
	"is not a fio server" "127.0.0.9:$PORT"
FV_ENGINE=external:/nowhere/uring_durable.so fv_run "$HERE/fleet.fio" \
	--label pre --target "$SHM/p-{host}.dat" --out "$WORK/pre" \
	--hosts "127.0.0.2:$PORT" --check >"$WORK/pre.out" 2>"$WORK/pre.err"
if [ $? -eq 69 ] && has "$WORK/pre.err" \
	"fio there cannot run the job with ioengine=external:/nowhere" &&
	has "$WORK/pre.err" "install the engine at that path"; then
	ok "the engine missing on the host: named with the remedy"
else
	not_ok "the engine missing on the host" "$(cat "$WORK/pre.err")"
fi
# an engine built for another fio: fio checks its FIO_IOOPS_VERSION
mkdir -p "$WORK/old"
printf 'struct { void *list[2]; const char *name; int version; } ioengine =
'\
'	{ { 0, 0 }, "uring_durable", 1 };
' >"$WORK/old/old.c"
cc -shared -fPIC -o "$WORK/old/uring_durable.so" "$WORK/old/old.c"
FV_ENGINE="external:$WORK/old/uring_durable.so" fv_run "$HERE/fleet.fio" \
	--label pre --target "$SHM/p-{host}.dat" --out "$WORK/pre" \
	--hosts "127.0.0.2:$PORT" --check >"$WORK/pre.out" 2>"$WORK/pre.err"
if [ $? -eq 69 ] && has "$WORK/pre.err" "was built for another fio" &&
	has "$WORK/pre.err" "bad ioops version 1"; then
	ok "an engine built for another fio: named with the remedy"
else
	not_ok "an engine built for another fio" "$(cat "$WORK/pre.err")"
fi
fv_run "$HERE/fleet.fio" --label pre --target "/proc/fv-{host}.dat" \
	--out "$WORK/pre" --hosts "127.0.0.2:$PORT" >"$WORK/pre.out" \
	2>"$WORK/pre.err"
if [ $? -eq 66 ] && has "$WORK/pre.err" \
	"target /proc/fv-127.0.0.2-$PORT.dat is unusable there"; then
	ok "the target unusable on the host: named"
else
	not_ok "the target unusable on the host" "$(cat "$WORK/pre.err")"
fi
fv_run "$HERE/fleet.fio" --label pre --target "$SHM/same.dat" \
	--out "$WORK/pre" --hosts "127.0.0.2:$PORT,127.0.0.3:$PORT" \
	>"$WORK/pre.out" 2>"$WORK/pre.err"
if [ $? -eq 66 ] && has "$WORK/pre.err" "put {host} in --target"; then
	ok "servers of one machine and no {host}: refused before the run"
else
	not_ok "servers of one machine and no {host}" "$(cat "$WORK/pre.err")"
fi

# ---- The fleet: 4 hosts, 127.0.0.5 capped at a tenth ----
cat >"$WORK/fleet.hosts" <<EOF
# the fleet of the tests; 127.0.0.5 is a slower disk
127.0.0.2:$PORT
127.0.0.3:$PORT
ip:127.0.0.4,$PORT
127.0.0.5:$PORT FV_CAP=100
EOF
fleet_run() { # fleet_run LABEL: the run's directory in $RUN
	RUN=
	fv_run "$HERE/fleet.fio" --label "$1" --target "$SHM/f-{host}.dat" \
		--out "$WORK/res" --hosts "@$WORK/fleet.hosts" \
		>"$WORK/$1.out" 2>"$WORK/$1.err"
	RUNST=$?
	RUN=$(sed -n 's/^results: //p' "$WORK/$1.out")
}
fv_run "$HERE/fleet.fio" --label fleet --target "$SHM/f-{host}.dat" \
	--out "$WORK/res" --hosts "@$WORK/fleet.hosts" --check \
	>"$WORK/check.out" 2>"$WORK/check.err"
if [ $? -eq 0 ] && has "$WORK/check.out" "4 hosts, each with fio" &&
	[ -z "$(ls -A "$WORK/res/fleet" 2>/dev/null)" ]; then
	ok "--check on 4 hosts: passes, runs nothing"
else
	not_ok "--check on 4 hosts" "$(cat "$WORK/check.err")"
fi

judge() { # the hosts table and verdicts of $RUN
	"$BIN" hosts -f csv "$RUN" >"$WORK/hosts.csv" 2>"$WORK/hosts.err"
	"$BIN" verdict -v -f csv "$RUN" >"$WORK/verdict.csv" \
		2>"$WORK/verdict.err"
	OUTLIERS=$(grep -c ',host-outlier,' "$WORK/verdict.csv")
	SLOW_OUT=$(grep -c "@127.0.0.5,steady_randwrite,hosts,host-outlier" \
		"$WORK/verdict.csv")
}
for attempt in 1 2; do
	fleet_run fleet
	[ "$RUNST" -eq 0 ] && [ -n "$RUN" ] || break
	judge
	[ "$OUTLIERS" = 1 ] && [ "$SLOW_OUT" = 1 ] && break
	stalled=no
	for a in 127.0.0.2 127.0.0.3 127.0.0.4; do
		python3 "$HERE/fleet_check.py" stalled "$RUN" "$a" 1000 &&
			stalled=yes
	done
	[ $stalled = yes ] || break
	echo "# the machine stalled a host of the fleet: run once more"
done
JSON=$(ls "$RUN"/fleet_fleet_*.json 2>/dev/null | head -1)
if [ "$RUNST" -eq 0 ] && [ -n "$JSON" ]; then
	ok "run --hosts on 4 hosts: status 0, one result tree"
else
	not_ok "run --hosts on 4 hosts" "status $RUNST" "$(tail -5 "$WORK/fleet.err")"
fi
if [ "$OUTLIERS" = 1 ] && [ "$SLOW_OUT" = 1 ]; then
	ok "host-outlier on the capped host 127.0.0.5, and on no other"
elif [ "${stalled:-no}" = yes ]; then
	skip host-outlier "the machine stalled a host's run twice"
else
	not_ok "host-outlier on 127.0.0.5 only" \
		"$(grep ',hosts,' "$WORK/verdict.csv")"
fi
"$BIN" summary -f csv -p 50,99,99.9 "$RUN" >"$WORK/summary.csv" 2>/dev/null
rows=0
for a in 127.0.0.2 127.0.0.3 127.0.0.4 127.0.0.5; do
	grep -q "^fleet@$a,steady,steady_randwrite," "$WORK/summary.csv" &&
		rows=$((rows + 1))
done
check "every host's row, labelled by host" [ $rows -eq 4 ]
if out=$(python3 "$HERE/fleet_check.py" pct "$JSON" "$WORK/summary.csv" \
	steady_randwrite fleet); then
	ok "fleet and All clients percentiles = all hosts' bins merged ($out)"
else
	not_ok "fleet percentiles from merged bins" "$out"
fi
if out=$(python3 "$HERE/fleet_check.py" flushes "$JSON" "$WORK/hosts.csv" \
	steady_randwrite); then
	ok "each host's durability counts reached the client ($out)"
else
	not_ok "each host's durability counts" "$out"
fi
n=$(ls "$WORK/srv"/steady_randwrite_durability.*.json 2>/dev/null | wc -l)
check "4 servers, one directory: 4 stats files, none overwritten" [ "$n" -eq 4 ]
check "the fleet's row in the hosts table" \
	grep -q "^fleet,steady_randwrite,fleet," "$WORK/hosts.csv"
if ! has "$WORK/verdict.err" "no job of" &&
	! has "$WORK/verdict.err" "no fio job named"; then
	ok "every host's logs and stats joined to its own rows"
else
	not_ok "logs and stats joined" "$(cat "$WORK/verdict.err")"
fi
check "run.txt lists the 4 hosts" [ "$(grep -c '^fio-host: ' "$RUN/run.txt")" -eq 4 ]
check "only 127.0.0.5's job file has its own cap" \
	[ "$(grep -l 'cap_iops=100$' "$RUN"/hosts/*.fio | wc -l)" -eq 1 ]
"$BIN" report "$RUN" -o "$WORK/report.html" 2>/dev/null
if has "$WORK/report.html" "Fleet fleet: IOPS per host" &&
	has "$WORK/report.html" "127.0.0.5: host-outlier"; then
	ok "the report: hosts table, per-host charts, the outlier marked"
else
	not_ok "the report's per-host chart"
fi

# ---- diff against a baseline fleet ----
BASE=$RUN
fleet_run fleet
"$BIN" diff -f csv --baseline "$BASE" "$RUN" >"$WORK/diff.csv" 2>/dev/null
if grep -q "^fleet@fleet,steady_randwrite," "$WORK/diff.csv" &&
	[ "$(grep -c "^fleet@127.0.0.[2-5],steady_randwrite," \
		"$WORK/diff.csv")" -eq 4 ]; then
	ok "diff against a baseline fleet: each host and the fleet's row"
else
	not_ok "diff against a baseline fleet" "$(cat "$WORK/diff.csv")"
fi

# ---- A server killed mid-run ----
victim=$(cat "$WORK/server-127.0.0.4.pid")
# killed once the run (not its preflight's probe job) has started there:
# its job file written, then a job process under the server, then 1 s
(for _ in $(seq 300); do
	ls "$WORK"/res/killed/*/hosts/127.0.0.4-*.fio >/dev/null 2>&1 && break
	sleep 0.1
done
for _ in $(seq 300); do
	[ -n "$(ps -o pid= --ppid "$victim")" ] && break
	sleep 0.1
done
sleep 1
kill_tree "$victim") &
killer=$!
FV_RUNTIME=8s fv_run "$HERE/fleet.fio" --label killed \
	--target "$SHM/k-{host}.dat" --out "$WORK/res" \
	--hosts "127.0.0.2:$PORT,127.0.0.3:$PORT,127.0.0.4:$PORT" \
	>"$WORK/killed.out" 2>"$WORK/killed.err"
st=$?
wait "$killer"
RUN=$(sed -n 's/^results: //p' "$WORK/killed.out")
"$BIN" summary -f csv "$RUN" >"$WORK/killed.csv" 2>/dev/null
if [ $st -eq 3 ] && has "$WORK/killed.err" \
	"host 127.0.0.4:$PORT: no results: its fio server stopped answering"; then
	ok "a server killed mid-run: status 3, the host named"
else
	not_ok "a server killed mid-run" "status $st" "$(cat "$WORK/killed.err")"
fi
if grep -q "^killed@127.0.0.2," "$WORK/killed.csv" &&
	grep -q "^killed@127.0.0.3," "$WORK/killed.csv" &&
	grep -q "^status: hosts lost" "$RUN/run.txt"; then
	ok "what the other hosts finished is kept"
else
	not_ok "the other hosts' results" "$(cat "$WORK/killed.csv")"
fi

# ---- Through a tunnel: a second loopback port for ssh -L ----
TPORT=$((PORT + 1))
python3 "$HERE/forward.py" 127.0.0.1 "$TPORT" 127.0.0.6 "$PORT" \
	>"$WORK/fwd" &
HELPERS+=($!)
listening 127.0.0.1 "$TPORT"
fv_run "$HERE/fleet.fio" --label tunnel --target "$SHM/t-{host}.dat" \
	--out "$WORK/res" --hosts "127.0.0.1:$TPORT" \
	>"$WORK/tunnel.out" 2>"$WORK/tunnel.err"
st=$?
RUN=$(sed -n 's/^results: //p' "$WORK/tunnel.out")
"$BIN" hosts -f csv "$RUN" >"$WORK/tunnel.csv" 2>/dev/null
if [ $st -eq 0 ] && grep -qE "^tunnel,steady_randwrite,127.0.0.1,.*,[1-9][0-9]*,[0-9]+," \
	"$WORK/tunnel.csv"; then
	ok "a host behind a tunnelled port: its rows and stats, named by its address (the port of a tunnel changes from run to run)"
else
	not_ok "a host behind a tunnel" "status $st" "$(cat "$WORK/tunnel.err")" \
		"$(cat "$WORK/tunnel.csv")"
fi

summary hosts
