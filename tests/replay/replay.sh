#!/bin/bash
# fioverdict replay with the real fio and uring_durable: a made trace
# (1500 requests of 4 KiB, reads and writes, a flush every 100) replayed
# on two emulated disks of the catalog, azure:S10 (500 IOPS, 60 MB/s) and
# azure:P30 (5000 IOPS, 200 MB/s), and on a scratch file. Expected figures
# come from the trace and the catalog's CSV, read here: each candidate's
# time as fast as it allows (the engine's own span, from its stats file)
# within 20% of max(requests / IOPS, bytes / throughput), S10 slower than
# P30 by the ratio the catalog gives within 20%; every request replayed;
# the timed pass at the trace's pace (its runtime at least 0.8 of the
# span: fio before 3.31 counts a version 2 log's waits from its start). Then
# the bad inputs: a target holding a file system (66, named), a log that
# is not an iolog (2, file:line), one whose requests run past a device
# (66), a log out of order (2).
#
# Each check prints "ok - NAME" or "not ok - NAME"; the last line is
# "replay: N passed, M failed". Environment: FV_BIN (fioverdict).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

FV_BIN=${FV_BIN:-build/postproc/fioverdict}
PY=/usr/bin/python3
. tests/lib/check.sh
WORK=$(mktemp -d /var/tmp/fv-replay.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# The trace: 1500 requests 400 us apart (0.6 s), offsets over 64 MiB.
$PY - "$WORK/t.iolog" <<'PY'
import sys
with open(sys.argv[1], 'w') as f:
    f.write('fio version 3 iolog\n0 /dev/made add\n0 /dev/made open\n')
    for i in range(1500):
        act = 'read' if i % 3 == 0 else 'write'
        f.write(f'{i * 400} /dev/made {act} {(i * 7919 % 16384) * 4096} 4096\n')
        if i % 100 == 99:
            f.write(f'{i * 400} /dev/made sync 0 0\n')
    f.write('600000 /dev/made close\n')
PY

out=$("$FV_BIN" replay --iolog "$WORK/t.iolog" --sku azure:S10 --sku azure:P30 \
	--target "file=$WORK/scratch.img" -o "$WORK/out" 2>"$WORK/err")
st=$?
if [ $st = 0 ]; then
	ok "replay on S10, P30 and a file: exit 0"
else
	not_ok "replay on S10, P30 and a file: exit 0" "status $st" "$(tail -n 5 "$WORK/err")"
fi
if grep -q "^Candidate" <<<"$out" && grep -q "^S10 " <<<"$out" &&
	grep -q "^P30 " <<<"$out" && grep -q "^file " <<<"$out"; then
	ok "the comparison has a row per candidate"
else
	not_ok "the comparison has a row per candidate" "$out"
fi

# The figures, from fio's JSON and the catalog's CSV.
if res=$($PY - "$WORK/out" catalog/azure.csv <<'PY' 2>&1
import csv, glob, json, re, sys
out, cat = sys.argv[1], sys.argv[2]
outside = []
def fio_json(p):
    # fio writes its own warnings into its --output file, before the JSON
    t = open(p).read()
    m = re.search(r'^\{', t, re.M)
    assert m, (p, t[:500])
    if m.start():
        outside.append(t[:m.start()].strip())
    return json.loads(t[m.start():])
rows = {}
with open(cat) as f:
    lines = [l for l in f if not l.startswith('#') and l.strip()]
for r in csv.DictReader(lines):
    if r['id'] in ('S10', 'P30') and r['kind'] == 'disk':
        unit = 1e6 if r['bw_unit'] == 'MB/s' else 1048576
        rows[r['id']] = (float(r['iops']), float(r['bw']) * unit)
ios, nbytes = 1500, 1500 * 4096
elapsed = {}
for label in ('S10', 'P30', 'file'):
    f, = glob.glob(f'{out}/{label}/*/{label}_replay_*.json')
    jobs = {j['jobname']: j for j in fio_json(f)['jobs']}
    for name in ('replay-timed', 'replay-fast'):
        j = jobs[name]
        assert j['error'] == 0, (label, name, j['error'])
        n = j['read']['total_ios'] + j['write']['total_ios']
        assert n == 1500, (label, name, n)
        assert j['sync']['total_ios'] == 15, (label, name, j['sync']['total_ios'])
    # at the trace's pace (fio before 3.31: from its own start)
    assert jobs['replay-timed']['job_runtime'] >= 480, jobs['replay-timed']['job_runtime']
    # the engine's own span: fio's runtime stops before the last requests
    st, = glob.glob(f'{out}/{label}/*/replay-fast_durability*.json')
    elapsed[label] = json.load(open(st))['io_span_ns'] / 1e9
pred = {k: max(ios / v[0], nbytes / v[1]) for k, v in rows.items()}
for k in pred:
    assert abs(elapsed[k] / pred[k] - 1) < 0.2, (k, elapsed[k], pred[k])
ratio, want = elapsed['S10'] / elapsed['P30'], pred['S10'] / pred['P30']
assert abs(ratio / want - 1) < 0.2, (ratio, want)
print(f"S10 {elapsed['S10']:.3f} s (catalog {pred['S10']:.3f}), P30 {elapsed['P30']:.3f} s (catalog {pred['P30']:.3f}), ratio {ratio:.2f} (catalog {want:.2f}), file {elapsed['file']:.3f} s"
      + ''.join(f"; fio said: {o!r}" for o in outside))
PY
); then
	ok "as fast as each allows, within 20% of the catalog: $res"
else
	not_ok "as fast as each allows, within 20% of the catalog" "$res"
fi
extent=$(awk '$3 == "read" || $3 == "write" { e = $4 + $5; if (e > m) m = e } END { print m }' "$WORK/t.iolog")
if [ "$(stat -c %s "$WORK/scratch.img")" -ge "$extent" ] &&
	[ "$(du -k "$WORK/scratch.img" | cut -f1)" -ge $((extent / 1024)) ]; then
	ok "a file target is made to the trace's extent, written through (not sparse)"
else
	not_ok "a file target is made to the trace's extent, written through" \
		"$(ls -ls "$WORK/scratch.img")"
fi
if ! ls -A "$WORK/out" | grep -q '^\.replay-'; then
	ok "the emulated disks' scratch files are removed"
else
	not_ok "the emulated disks' scratch files are removed" "$(ls -A "$WORK/out")"
fi
sum=$("$FV_BIN" summary "$WORK/out" 2>&1)
if grep -q "replay-fast" <<<"$sum" || grep -q "S10" <<<"$sum"; then
	ok "fioverdict summary reads the replay's results"
else
	not_ok "fioverdict summary reads the replay's results" "$sum"
fi

# The report of the results: the replay table and its two charts (the
# latency one left out, its reason said, on fio before 3.36), the
# catalog's time given --sku as replay had it.
if "$FV_BIN" report "$WORK/out" -o "$WORK/report.html" --sku S10=azure:S10 \
	--sku P30=azure:P30 2>"$WORK/err" &&
	grep -q "Replay of a trace" "$WORK/report.html" &&
	grep -q "Replay: the whole trace as fast as each candidate allows" "$WORK/report.html" &&
	grep -q "Replay at the trace&#39;s pace: latency percentiles\|Replay at the trace's pace: latency percentiles" "$WORK/report.html" &&
	! grep -q "no candidate's replay-fast finished" "$WORK/report.html" &&
	{ [ "$(fio --version | awk -F'[-.]' '{print ($2 * 100 + $3 >= 336)}')" = 0 ] ||
		! grep -q "no latency of the timed replay" "$WORK/report.html"; }; then
	ok "report shows the replay table and its two charts"
else
	not_ok "report shows the replay table and its two charts" "$(tail -n 3 "$WORK/err")"
fi

# The shipped database traces replay whole: every request of the log.
for t in index seek; do
	"$FV_BIN" replay --iolog "tests/replay/traces/$t.iolog" --sku "db=azure:P30" \
		-o "$WORK/db-$t" >/dev/null 2>"$WORK/err"
	if res=$($PY - "$WORK/db-$t" "tests/replay/traces/$t.iolog" <<'PY' 2>&1
import glob, json, re, sys
f, = glob.glob(f'{sys.argv[1]}/db/*/db_replay_*.json')
want = {'read': 0, 'write': 0, 'sync': 0}
for line in open(sys.argv[2]):
    w = line.split()
    if len(w) == 5 and w[2] in want:
        want[w[2]] += 1
t = open(f).read()  # fio's own warnings may stand before its JSON
for j in json.loads(t[re.search(r'^\{', t, re.M).start():])['jobs']:
    got = {k: j[k]['total_ios'] for k in want}
    assert j['error'] == 0 and got == want, (j['jobname'], got, want)
print(want)
PY
	); then
		ok "tests/replay/traces/$t.iolog replays whole on azure:P30 in both passes: $res"
	else
		not_ok "tests/replay/traces/$t.iolog replays whole" "$res" "$(tail -n 3 "$WORK/err")"
	fi
done

# A file that exists sparse has its holes written before the replay.
truncate -s 64m "$WORK/sparse.img"
"$FV_BIN" replay --iolog "$WORK/t.iolog" --target "sp=$WORK/sparse.img" \
	-o "$WORK/sp" >/dev/null 2>"$WORK/err"
if [ "$(du -k "$WORK/sparse.img" | cut -f1)" -ge $((extent / 1024)) ]; then
	ok "an existing sparse file target has its holes written through"
else
	not_ok "an existing sparse file target has its holes written through" \
		"$(ls -ls "$WORK/sparse.img")" "$(cat "$WORK/err")"
fi

# expect_fail NAME STATUS PATTERN ARGS...: exit STATUS, stderr matching.
expect_fail() {
	local name=$1 want=$2 pat=$3 st
	shift 3
	"$FV_BIN" replay "$@" -o "$WORK/bad" >/dev/null 2>"$WORK/err"
	st=$?
	if [ "$st" = "$want" ] && grep -qE "$pat" "$WORK/err"; then
		ok "$name: exit $want, said"
	else
		not_ok "$name: exit $want" "status $st" "$(cat "$WORK/err")"
	fi
}

truncate -s 8m "$WORK/fs.img"
mkfs.ext4 -q -F "$WORK/fs.img" 2>/dev/null
expect_fail "a target holding a file system is refused" 66 \
	"fs.img holds an ext2/3/4 file system.*--force" \
	--iolog "$WORK/t.iolog" --target "x=$WORK/fs.img"
printf 'hello\n' >"$WORK/not.iolog"
expect_fail "a log that is not an iolog" 2 "not.iolog:1:" \
	--iolog "$WORK/not.iolog" --sku azure:P30
printf 'fio version 3 iolog\n0 d add\n0 d open\n10 d read 0 4096\n5 d read 0 4096\n' >"$WORK/order.iolog"
expect_fail "a log whose times go back" 2 "order.iolog:5:" \
	--iolog "$WORK/order.iolog" --sku azure:P30
if L=$(losetup -f --show "$WORK/fs.img" 2>/dev/null); then
	wipefs -q -a "$L" >/dev/null 2>&1
	expect_fail "requests past the end of a device" 66 "holds 8388608 bytes" \
		--iolog "$WORK/t.iolog" --target "x=$L"
	losetup -d "$L"
else
	echo "skip - requests past the end of a device: no loop device"
fi
printf 'fio version 3 iolog\n0 d add\n0 d open\n1 d sync 0 0\n2 d trim 0 4096\n' >"$WORK/sync.iolog"
expect_fail "a log of syncs and trims alone, which fio refuses" 2 "no read or write" \
	--iolog "$WORK/sync.iolog" --sku azure:P30
expect_fail "a device that is not there (no file made in /dev)" 66 "no such device" \
	--iolog "$WORK/t.iolog" --target "x=/dev/fv-no-such-disk"
[ ! -e /dev/fv-no-such-disk ] || not_ok "no file is left in /dev" "$(ls -l /dev/fv-no-such-disk)"
if L=$(losetup -f --show "$WORK/fs.img" 2>/dev/null); then
	mkfs.ext4 -q -F "$L" 2>/dev/null
	mkdir -p "$WORK/mnt"
	if mount "$L" "$WORK/mnt" 2>/dev/null; then
		expect_fail "a mounted device, even with --force" 66 "not even with --force" \
			--iolog "$WORK/t.iolog" --target "x=$L" --force
		umount "$WORK/mnt"
	else
		echo "skip - a mounted device: mount refused here"
	fi
	losetup -d "$L"
else
	echo "skip - a mounted device: no loop device"
fi
expect_fail "no candidate" 64 "no candidate" --iolog "$WORK/t.iolog"
expect_fail "a path with a blank" 66 "without blanks" \
	--iolog "$WORK/t.iolog" --target "x=$WORK/a b.img"
expect_fail "two candidates of one label" 64 "two candidates named 'P15\+D4s-v3'" \
	--iolog "$WORK/t.iolog" --target "P15+D4s-v3=$WORK/scratch.img" \
	--sku azure:P15 --vm Standard_D4s_v3
expect_fail "an unknown SKU" 64 "azure:P999" --iolog "$WORK/t.iolog" --sku azure:P999

summary replay
