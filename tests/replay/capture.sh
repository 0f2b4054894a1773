#!/bin/bash
# fioverdict capture on a real block device: a loop device on a file, the
# real fio on it with a known mix (reads and writes of four sizes at depth
# 8, an fsync every 16 writes, discards), recorded from the kernel's block
# tracepoints. The log against fio's own JSON: every line's form, times
# never going back, the requests of each kind and their bytes within 1% of
# fio's, every request within the device, the flushes, the summary against
# the log; the tracefs instance gone after each capture, SIGINT and SIGTERM
# both ending it with the log written, an idle device (exit 2, no log), and
# the bad uses (66, 64, 66, 77) with the thing named on stderr.
#
# Needs root, tracefs with the block tracepoints and loop devices: without
# them it says which is missing and why, and exits 0 (a skip). Each check
# prints "ok - NAME" or "not ok - NAME" with the evidence; the last line is
# "capture: N passed, M failed, K skipped". The loop device, the captures
# still running and the work folder are removed on exit, failure or not.
#
# Environment: FV_BIN (fioverdict; default build/postproc/fioverdict).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

FV_BIN=${FV_BIN:-build/postproc/fioverdict}
PY=/usr/bin/python3
TRACEFS=/sys/kernel/tracing
WORK=
IMG=
LOOP=
MOUNTED=0
CAPS=() # the captures started in the background, by pid
. tests/lib/check.sh

# The whole suite cannot run here: why, from what failed; status 0.
skip_all() {
	echo "skip: capture: $1"
	exit 0
}

# py EXPR SHOW FILE...: a Python expression over JSON files loaded as
# d[0], d[1] ... (fio's output may have text before its JSON: skipped).
# Status 0 when it is true; else 1, printing SHOW's value (the evidence).
py() {
	"$PY" - "$@" <<'PYEOF'
import json, sys
def load(p):
    t = open(p).read()
    i = t.find('{')
    return json.loads(t[i:]) if i >= 0 else None
def near(a, b, rel=0.01):
    return abs(a - b) <= rel * abs(b)
expr, show, files = sys.argv[1], sys.argv[2], sys.argv[3:]
d = [load(f) for f in files]
env = {"d": d, "len": len, "sum": sum, "abs": abs, "all": all, "near": near}
try:
    v = eval(expr, env)
    if not v:
        print(eval(show, env) if show else v)
except Exception as e:
    print("error: %r" % e)
    sys.exit(1)
sys.exit(0 if v else 1)
PYEOF
}

# expect NAME EXPR SHOW FILE...: a check over JSON files, one test; on a
# failure, SHOW's value is printed (empty: EXPR's).
expect() {
	local name=$1 expr=$2 show=$3 out
	shift 3
	if out=$(py "$expr" "$show" "$@" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "expected: $expr" "got: $out"
	fi
}

# val EXPR FILE...: prints a value of JSON files (for the log).
val() {
	"$PY" -c 'import json, sys
d = [json.load(open(f)) for f in sys.argv[2:]]
print(eval(sys.argv[1], {"d": d}))' "$@"
}

# log_facts LOG DEV SIZE OUT: what an iolog holds, as JSON in OUT: its
# first three and last lines, the request lines by kind (count, bytes),
# lines of another form, times going back, requests past SIZE bytes.
log_facts() {
	"$PY" - "$@" <<'PYEOF'
import json, sys
log, dev, size, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
lines = open(log).read().split('\n')
if lines and lines[-1] == '':
    lines.pop()
f = {"head": lines[:3], "last": lines[-1] if lines else "",
     "count": {k: 0 for k in ("read", "write", "sync", "trim")},
     "bytes": {k: 0 for k in ("read", "write", "sync", "trim")},
     "bad": [], "back": [], "past": [], "sync_not_0_0": [],
     "last_t": 0, "close_t": None}
prev = 0
for i, l in enumerate(lines[3:-1], 4):
    w = l.split()
    if (len(w) != 5 or w[1] != dev or w[2] not in f["count"]
            or not all(x.isdigit() for x in (w[0], w[3], w[4]))):
        f["bad"].append("%d: %s" % (i, l))
        continue
    t, kind, off, ln = int(w[0]), w[2], int(w[3]), int(w[4])
    if t < prev:
        f["back"].append("%d: %s after %d" % (i, l, prev))
    prev = max(prev, t)
    f["count"][kind] += 1
    f["bytes"][kind] += ln
    if kind == "sync" and (off or ln):
        f["sync_not_0_0"].append("%d: %s" % (i, l))
    if off + ln > size:
        f["past"].append("%d: %s" % (i, l))
f["last_t"] = prev
w = f["last"].split()
if len(w) == 3 and w[0].isdigit() and w[1] == dev and w[2] == "close":
    f["close_t"] = int(w[0])
for k in ("bad", "back", "past", "sync_not_0_0"):
    f["n_" + k] = len(f[k])
    f[k] = f[k][:5]
json.dump(f, open(out, "w"), indent=1)
PYEOF
}

# summary_facts OUT JSON: the capture's printed summary (its standard
# output) as JSON: the total and each kind's requests and MiB.
summary_facts() {
	"$PY" - "$@" <<'PYEOF'
import json, re, sys
text = open(sys.argv[1]).read()
f = {"total": None, "count": {}, "mib": {}}
m = re.search(r'^capture of \S+: (\d+) requests', text, re.M)
if m:
    f["total"] = int(m.group(1))
for m in re.finditer(r'^(read|write|sync|trim)\s+(\d+)\s+([0-9.]+)\s', text,
                     re.M):
    f["count"][m.group(1)] = int(m.group(2))
    f["mib"][m.group(1)] = float(m.group(3))
json.dump(f, open(sys.argv[2], "w"), indent=1)
PYEOF
}

# fio_facts FIO_JSON OUT: fio's requests and bytes by kind, summed over
# its jobs (read, write, trim; sync: its flushes, no bytes).
fio_facts() {
	"$PY" - "$@" <<'PYEOF'
import json, sys
t = open(sys.argv[1]).read()
d = json.loads(t[t.find('{'):])
f = {"count": {}, "bytes": {}, "errors": [j["error"] for j in d["jobs"]]}
for k in ("read", "write", "trim", "sync"):
    f["count"][k] = sum(j[k]["total_ios"] for j in d["jobs"])
    f["bytes"][k] = sum(j[k].get("io_bytes", 0) for j in d["jobs"])
json.dump(f, open(sys.argv[2], "w"), indent=1)
PYEOF
}

instance() { echo "$TRACEFS/instances/fioverdict-capture-$1"; }

# A process of ours has ended: gone, or a zombie not yet waited for.
ended() {
	local state
	state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)
	[ -z "$state" ] || [ "$state" = Z ]
}

# start_capture NAME ARGS...: fioverdict capture ARGS in the background,
# its output in WORK/NAME.out and .err; its pid in CAP.
start_capture() {
	local name=$1
	shift
	"$BIN" capture "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
	CAP=$!
	CAPS+=("$CAP")
}

# ready PID: waits (10 s at most) until the capture's instance records:
# the directory is made before its events are filtered and enabled, so
# its last enabled event is what says that no request can be missed.
ready() {
	local i e
	e="$(instance "$1")/events/block/block_rq_complete/enable"
	for ((i = 0; i < 100; i++)); do
		[ "$(cat "$e" 2>/dev/null)" = 1 ] && return 0
		ended "$1" && return 1
		sleep 0.1
	done
	return 1
}

# finish PID [SIGNAL]: sends SIGNAL, waits for the capture (20 s at most,
# then SIGKILL and status 124); its status in RC.
finish() {
	local pid=$1 i
	[ -n "${2:-}" ] && kill -s "$2" "$pid" 2>/dev/null
	for ((i = 0; i < 200; i++)); do
		ended "$pid" && break
		sleep 0.1
	done
	if ! ended "$pid"; then
		kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		RC=124
		return
	fi
	wait "$pid"
	RC=$?
}

# stopped SIGNAL PID STDERR: the capture PID, stopped by SIGNAL (finish),
# ended with status 0 and removed its tracefs instance.
stopped() {
	if [ "$RC" = 0 ]; then
		ok "$1: capture ends with status 0"
	else
		not_ok "$1: capture ends with status 0" "status $RC" \
			"stderr: $(cat "$3")"
	fi
	check "$1: its instance is removed" test ! -e "$(instance "$2")"
}

# detach: the loop device gone, its file no longer attached anywhere.
detach() {
	local i
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	LOOP=
	for ((i = 0; i < 50; i++)); do
		[ -z "$(losetup -j "$IMG" 2>/dev/null)" ] && return 0
		sleep 0.1
	done
	return 1
}

cleanup() {
	local p
	for p in "${CAPS[@]}"; do
		if ! ended "$p"; then
			kill -TERM "$p" 2>/dev/null
			sleep 0.5
			kill -9 "$p" 2>/dev/null
		fi
		# an instance a killed capture could not remove
		rmdir "$(instance "$p")" 2>/dev/null
	done
	[ -n "$IMG" ] && detach
	[ "$MOUNTED" = 1 ] && umount "$TRACEFS" 2>/dev/null
	[ -n "$WORK" ] && rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- what the suite needs ----------------------------------------------
if [ ! -x "$FV_BIN" ]; then
	not_ok "$FV_BIN: no such program (make build/postproc/fioverdict)"
	summary -s capture
	exit 1
fi
BIN="$(cd "$(dirname "$FV_BIN")" && pwd)/$(basename "$FV_BIN")"
[ "$(id -u)" = 0 ] || skip_all "not root (uid $(id -u)): the kernel's tracefs and loop devices are root's"
command -v fio >/dev/null || skip_all "fio is not installed"
[ -x "$PY" ] || skip_all "no $PY to read fio's JSON"
if [ ! -d "$TRACEFS/instances" ]; then
	if ! err=$(mount -t tracefs nodev "$TRACEFS" 2>&1); then
		skip_all "the kernel's tracefs is not available: mount -t tracefs nodev $TRACEFS: ${err%%$'\n'*}"
	fi
	MOUNTED=1
	[ -d "$TRACEFS/instances" ] ||
		skip_all "the kernel's tracefs is not available: $TRACEFS has no instances/ once mounted"
fi
[ -e "$TRACEFS/events/block/block_rq_issue/enable" ] ||
	skip_all "the kernel's block tracepoints are not available: no $TRACEFS/events/block/block_rq_issue"
err=$(mkdir "$TRACEFS/instances/fioverdict-probe-$$" 2>&1) ||
	skip_all "the kernel's tracefs is not available: cannot make an instance: $err"
rmdir "$TRACEFS/instances/fioverdict-probe-$$"

WORK=$(mktemp -d /var/tmp/fv-capture.XXXXXX)
IMG=$WORK/disk.img
truncate -s 128M "$IMG" || skip_all "cannot make a 128 MiB file in $WORK"
LOOP=$(losetup -f --show "$IMG" 2>"$WORK/losetup.err") ||
	skip_all "loop devices are not available: losetup -f --show $IMG: $(cat "$WORK/losetup.err")"
[ -b "$LOOP" ] || skip_all "loop devices are not available: losetup gave $LOOP, not a block device"
# what udev may read of a new device is read before any capture begins
udevadm settle --timeout=10 >/dev/null 2>&1
SIZE=$(blockdev --getsize64 "$LOOP")
CACHE=$(cat "/sys/block/${LOOP#/dev/}/queue/write_cache" 2>/dev/null)
echo "# $LOOP on $IMG: $SIZE bytes, write cache: ${CACHE:-unknown}"

# --- the mix: reads, writes, flushes, discards, each counted by fio ------
# Random offsets (fio's random map: no block twice), so that the block
# layer has no neighbours to merge and each of fio's I/Os is one request;
# sizes at most 64 KiB, below the loop device's largest request.
cat >"$WORK/mix.fio" <<EOF
[global]
filename=$LOOP
direct=1
ioengine=libaio
iodepth=8
group_reporting=0

[mix]
rw=randrw
rwmixread=50
bssplit=4k/50:8k/25:16k/15:64k/10
fsync=16
offset=0
size=48m

[trim]
stonewall
rw=randtrim
bs=64k
offset=64m
size=8m
iodepth=1
EOF

start_capture mix --device "$LOOP" -o "$WORK/mix.log"
PID_MIX=$CAP
if ready "$PID_MIX"; then
	ok "SIGINT run: the capture's instance is made and recording"
else
	not_ok "SIGINT run: the capture's instance is made and recording" \
		"no $(instance "$PID_MIX") with its events enabled in 10 s" \
		"stderr: $(cat "$WORK/mix.err")"
fi
timeout 60 fio --output-format=json --output="$WORK/mix.json" \
	"$WORK/mix.fio" 2>"$WORK/fio.err"
FIO_RC=$?
sleep 0.5
finish "$PID_MIX" INT
if [ "$FIO_RC" = 0 ] && fio_facts "$WORK/mix.json" "$WORK/fio.facts"; then
	ok "fio ran the mix"
else
	not_ok "fio ran the mix" "status $FIO_RC: $(tail -n 3 "$WORK/fio.err")"
fi
stopped SIGINT "$PID_MIX" "$WORK/mix.err"

if [ -s "$WORK/mix.log" ] && [ -s "$WORK/fio.facts" ]; then
	log_facts "$WORK/mix.log" "$LOOP" "$SIZE" "$WORK/log.facts"
	summary_facts "$WORK/mix.out" "$WORK/sum.facts"
	F=$WORK/log.facts
	expect "first line: fio version 3 iolog" \
		"d[0]['head'][0] == 'fio version 3 iolog'" "d[0]['head']" "$F"
	expect "then: 0 $LOOP add, 0 $LOOP open" \
		"d[0]['head'][1:3] == ['0 $LOOP add', '0 $LOOP open']" \
		"d[0]['head']" "$F"
	expect "last line: T $LOOP close, T at or after the last request" \
		"d[0]['close_t'] is not None and d[0]['close_t'] >= d[0]['last_t']" \
		"(d[0]['last'], d[0]['last_t'])" "$F"
	expect "every request line: TIME $LOOP read|write|sync|trim OFFSET LENGTH" \
		"d[0]['n_bad'] == 0" "(d[0]['n_bad'], d[0]['bad'])" "$F"
	expect "times never decrease" "d[0]['n_back'] == 0" \
		"(d[0]['n_back'], d[0]['back'])" "$F"
	echo "# fio:     $(val "d[0]['count']" "$WORK/fio.facts") bytes $(val "d[0]['bytes']" "$WORK/fio.facts")"
	echo "# capture: $(val "d[0]['count']" "$F") bytes $(val "d[0]['bytes']" "$F")"
	for k in read write trim; do
		expect "$k requests within 1% of fio's total_ios" \
			"d[0]['count']['$k'] > 0 and near(d[0]['count']['$k'], d[1]['count']['$k'])" \
			"'capture %d, fio %d' % (d[0]['count']['$k'], d[1]['count']['$k'])" \
			"$F" "$WORK/fio.facts"
		expect "$k bytes within 1% of fio's io_bytes" \
			"d[0]['bytes']['$k'] > 0 and near(d[0]['bytes']['$k'], d[1]['bytes']['$k'])" \
			"'capture %d, fio %d' % (d[0]['bytes']['$k'], d[1]['bytes']['$k'])" \
			"$F" "$WORK/fio.facts"
	done
	expect "fio flushed (its sync total_ios > 0)" \
		"d[0]['count']['sync'] > 0" "d[0]['count']" "$WORK/fio.facts"
	# A flush reaches the driver only when the device says it has a
	# volatile cache: a loop device does ("write back") when its file's
	# file system can fsync. Then fio's fsyncs, here fsync(2) calls one at
	# a time (libaio), are one flush request each: 400 of 400 on ext4 on
	# 2026-12-06. The block layer folds flushes that are in flight at once
	# into one (io_uring's async fsyncs at depth 16: 384 fsyncs, 112 flush
	# requests, as a tracefs instance of our own saw too), and nothing else
	# writes here: so between 1 and fio's count, not equal. With "write
	# through" the block layer ends flushes itself: none reaches the
	# tracepoints.
	if [ "$CACHE" = "write back" ]; then
		expect "write back: sync lines >= 1 and at most fio's fsyncs" \
			"1 <= d[0]['count']['sync'] <= d[1]['count']['sync']" \
			"'capture %d, fio %d' % (d[0]['count']['sync'], d[1]['count']['sync'])" \
			"$F" "$WORK/fio.facts"
	else
		expect "write through: no sync line (the block layer ends flushes)" \
			"d[0]['count']['sync'] == 0" "d[0]['count']" "$F"
	fi
	expect "sync lines are sync 0 0" "d[0]['n_sync_not_0_0'] == 0" \
		"(d[0]['n_sync_not_0_0'], d[0]['sync_not_0_0'])" "$F"
	expect "every offset + length within the device's $SIZE bytes" \
		"d[0]['n_past'] == 0" "(d[0]['n_past'], d[0]['past'])" "$F"
	expect "summary: each kind's requests equal the log's lines" \
		"all(d[1]['count'].get(k) == d[0]['count'][k] for k in d[0]['count'])" \
		"'summary %s, log %s' % (d[1]['count'], d[0]['count'])" \
		"$F" "$WORK/sum.facts"
	expect "summary: the total equals the log's request lines" \
		"d[1]['total'] == sum(d[0]['count'].values())" \
		"'summary %s, log %d' % (d[1]['total'], sum(d[0]['count'].values()))" \
		"$F" "$WORK/sum.facts"
	expect "summary: each kind's MiB match the log's bytes" \
		"all(abs(d[1]['mib'].get(k, -1) - d[0]['bytes'][k] / 1048576) <= 0.05 for k in d[0]['bytes'])" \
		"'summary %s, log %s' % (d[1]['mib'], d[0]['bytes'])" \
		"$F" "$WORK/sum.facts"
	check "standard output names the log" grep -qF "iolog: $WORK/mix.log" "$WORK/mix.out"
else
	not_ok "SIGINT: the log is written" "no $WORK/mix.log, or fio failed" \
		"stderr: $(cat "$WORK/mix.err")"
fi

# --- SIGTERM ends it the same way ----------------------------------------
start_capture term --device "$LOOP" -o "$WORK/term.log"
PID_TERM=$CAP
ready "$PID_TERM" || not_ok "SIGTERM run: the capture records" \
	"stderr: $(cat "$WORK/term.err")"
timeout 60 fio --name=r --filename="$LOOP" --direct=1 --rw=randread \
	--bs=4k --size=2m --ioengine=libaio --iodepth=4 \
	--output-format=json --output="$WORK/term.json" 2>>"$WORK/fio.err"
sleep 0.5
finish "$PID_TERM" TERM
stopped SIGTERM "$PID_TERM" "$WORK/term.err"
if [ -s "$WORK/term.log" ] && fio_facts "$WORK/term.json" "$WORK/term.fio"; then
	log_facts "$WORK/term.log" "$LOOP" "$SIZE" "$WORK/term.facts"
	expect "SIGTERM: the log is written, its reads those of fio (512)" \
		"d[0]['head'][0] == 'fio version 3 iolog' and d[0]['close_t'] is not None and d[0]['n_bad'] == 0 and near(d[0]['count']['read'], d[1]['count']['read']) and d[1]['count']['read'] == 512" \
		"(d[0]['head'], d[0]['last'], d[0]['n_bad'], 'capture', d[0]['count'], 'fio', d[1]['count'])" \
		"$WORK/term.facts" "$WORK/term.fio"
else
	not_ok "SIGTERM: the log is written" "stderr: $(cat "$WORK/term.err")"
fi

# The queue depth it saw: fio kept at most 4 reads in flight, and every
# completion ends its request (none left counted in flight).
qd=$(sed -n 's/^queue depth: at most \([0-9]*\) requests in flight.*/\1/p' "$WORK/term.out")
if [ -n "$qd" ] && [ "$qd" -ge 1 ] && [ "$qd" -le 4 ]; then
	ok "SIGTERM run: the queue depth seen is at most fio's iodepth 4 ($qd)"
else
	not_ok "SIGTERM run: the queue depth seen is at most fio's iodepth 4" "$(cat "$WORK/term.out")"
fi

# --- captured, then replayed: the catalog's ratio --------------------------
# 1500 random 4 KiB writes at depth 4, captured, replayed on azure:S10
# (500 IOPS, 60 MB/s) and azure:P30 (5000 IOPS, 200 MB/s): as fast as each
# allows, S10 takes the catalog's ratio longer, within 20% (fio's runtimes
# from its JSON; the catalog's figures from its CSV).
start_capture cw --device "$LOOP" -o "$WORK/cw.log"
PID_CW=$CAP
ready "$PID_CW" || not_ok "replay run: the capture records" "stderr: $(cat "$WORK/cw.err")"
timeout 60 fio --name=w --filename="$LOOP" --direct=1 --rw=randwrite \
	--bs=4k --size=32m --number_ios=1500 --ioengine=libaio --iodepth=4 \
	--output-format=json --output="$WORK/cw.json" 2>>"$WORK/fio.err"
sleep 0.5
finish "$PID_CW" INT
"$BIN" replay --iolog "$WORK/cw.log" --sku azure:S10 --sku azure:P30 \
	-o "$WORK/cw-replay" >"$WORK/cw-replay.out" 2>&1
if res=$($PY - "$WORK/cw-replay" "$WORK/cw.log" catalog/azure.csv <<'PY' 2>&1
import csv, glob, json, sys
out, log, cat = sys.argv[1:4]
lines = [l for l in open(cat) if not l.startswith('#') and l.strip()]
lim = {}
for r in csv.DictReader(lines):
    if r['id'] in ('S10', 'P30') and r['kind'] == 'disk':
        lim[r['id']] = (float(r['iops']), float(r['bw']) * (1e6 if r['bw_unit'] == 'MB/s' else 1048576))
ios = nbytes = 0
for l in open(log):
    w = l.split()
    if len(w) == 5 and w[2] in ('read', 'write'):
        ios += 1
        nbytes += int(w[4])
assert ios >= 1485, ios  # fio's 1500 within 1%
t = {}
for k in lim:
    f, = glob.glob(f'{out}/{k}/*/{k}_replay_*.json')
    d = open(f).read()  # fio's own warnings may stand before its JSON
    j = {j['jobname']: j for j in json.loads(d[d.find('{'):])['jobs']}['replay-fast']
    assert j['error'] == 0
    assert j['read']['total_ios'] + j['write']['total_ios'] == ios
    # the engine's own span: fio's runtime stops before the last requests
    st, = glob.glob(f'{out}/{k}/*/replay-fast_durability*.json')
    t[k] = json.load(open(st))['io_span_ns'] / 1e9
pred = {k: max(ios / v[0], nbytes / v[1]) for k, v in lim.items()}
r, want = t['S10'] / t['P30'], pred['S10'] / pred['P30']
assert t['S10'] > t['P30'] and abs(r / want - 1) < 0.2, (t, pred)
print(f"{ios} requests: S10 {t['S10']:.3f} s, P30 {t['P30']:.3f} s, ratio {r:.2f} (catalog {want:.2f})")
PY
); then
	ok "a capture replayed on azure:S10 and azure:P30: $res"
else
	not_ok "a capture replayed on azure:S10 and azure:P30" "$res" "$(tail -n 5 "$WORK/cw-replay.out")"
fi

# --- an idle device: nothing to write -------------------------------------
start_capture idle --device "$LOOP" --seconds 2 -o "$WORK/idle.log"
PID_IDLE=$CAP
finish "$PID_IDLE"
if [ "$RC" = 2 ] && grep -q "no request" "$WORK/idle.err"; then
	ok "--seconds 2 of an idle device: status 2, \"no request\""
else
	not_ok "--seconds 2 of an idle device: status 2, \"no request\"" \
		"status $RC" "stderr: $(cat "$WORK/idle.err")"
fi
check "idle: no log written" test ! -e "$WORK/idle.log"
check "idle: its instance is removed" test ! -e "$(instance "$PID_IDLE")"

# --- bad uses: the status, and the thing named -----------------------------
# bad NAME STATUS PATTERN ARGS...: capture ARGS ends with STATUS, its
# stderr holding PATTERN (fixed), no log written.
bad() {
	local name=$1 want=$2 pat=$3 rc
	shift 3
	rm -f "$WORK/bad.log"
	timeout 20 "$BIN" capture "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"
	rc=$?
	if [ "$rc" = "$want" ] && grep -qiF -- "$pat" "$WORK/bad.err" &&
		[ ! -e "$WORK/bad.log" ]; then
		ok "$name: status $want, stderr names $pat"
	else
		not_ok "$name: status $want, stderr names $pat" "status $rc" \
			"stderr: $(cat "$WORK/bad.err")"
	fi
}
bad "--device /etc/passwd" 66 /etc/passwd --device /etc/passwd -o "$WORK/bad.log"
bad "no -o" 64 "-o" --device "$LOOP"
bad "--device /nonexistent" 66 /nonexistent --device /nonexistent -o "$WORK/bad.log"
# the log's folder is checked before anything is recorded (timeout 20:
# a capture that started would run until killed)
bad "-o in a folder that is not there" 73 "$WORK/none/x.log" \
	--device "$LOOP" -o "$WORK/none/x.log"

# Not root: as nobody, through util-linux's setpriv, with a copy of the
# program where nobody can run it when its own folder is closed.
if ! command -v setpriv >/dev/null; then
	skip "not root: status 77" "no setpriv (util-linux) to run as another user"
elif ! setpriv --reuid=65534 --regid=65534 --clear-groups true 2>"$WORK/setpriv.err"; then
	skip "not root: status 77" "setpriv cannot switch to uid 65534: $(cat "$WORK/setpriv.err")"
else
	NB=$BIN
	if ! setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$BIN"; then
		chmod 711 "$WORK"
		mkdir -m 755 "$WORK/pub"
		cp "$BIN" "$WORK/pub/fioverdict"
		chmod 755 "$WORK/pub/fioverdict"
		NB=$WORK/pub/fioverdict
	fi
	timeout 20 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$NB" capture --device "$LOOP" -o "$WORK/nobody.log" \
		>"$WORK/nobody.out" 2>"$WORK/nobody.err"
	rc=$?
	if [ "$rc" = 77 ] && grep -q "needs root" "$WORK/nobody.err" &&
		[ ! -e "$WORK/nobody.log" ]; then
		ok "not root (uid 65534): status 77, says root is needed"
	else
		not_ok "not root (uid 65534): status 77, says root is needed" \
			"status $rc" "stderr: $(cat "$WORK/nobody.err")"
	fi
fi

# --- nothing left behind --------------------------------------------------
left=
for p in "${CAPS[@]}"; do
	[ -e "$(instance "$p")" ] && left="$left $(instance "$p")"
done
if [ -z "$left" ]; then
	ok "no instance of these captures left under $TRACEFS/instances"
else
	not_ok "no instance of these captures left under $TRACEFS/instances" \
		"left:$left"
fi
others=
for p in "$TRACEFS"/instances/fioverdict-capture-*; do
	[ -e "$p" ] && others="$others ${p##*/}"
done
[ -n "$others" ] && echo "# other captures' instances (not this suite's):$others"
dev=$LOOP
if detach; then
	ok "no loop device left ($dev detached)"
else
	not_ok "no loop device left" "$(losetup -j "$IMG")"
fi

summary -s capture
