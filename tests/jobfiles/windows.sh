#!/bin/bash
# check-jobfiles-windows: the placement suite for Windows VMs
# (jobfiles/windows/), as far as a Linux machine can check it.
#
# 1. windows/placement.fio's jobs are placement.fio's, option for option,
#    and placement.diskspd's lines are those jobs in DiskSpd's terms.
# 2. The job file runs with Linux fio (the engine swapped by FV_ENGINE,
#    runtimes of a fraction of a second) with the target run-placement.ps1
#    gives fio on Windows (D\:\fioverdict\fv.dat: on Linux, a file of that
#    name in the run folder), in the layout the script writes for two VMs,
#    beside DiskSpd XML made from placement.diskspd for a third label: a
#    fixture of OUTDIR\LABEL\TIME\LABEL_TEST_TIME.*. fioverdict reads it as
#    one label per VM and drive, each with its machine and drive, the fio
#    jobs with their roles and logs, every DiskSpd file read.
# 3. run-placement.ps1, which no PowerShell here can run: ps1check.py's
#    checks (ASCII, lexed by Pygments' PowerShell lexer, brackets, strings,
#    Windows PowerShell 5.1's syntax, commands, variables), each shown to
#    fail on a planted fault; and the names it writes are the fixture's.
#
# Env: FV_BIN (fioverdict), FV_TMP. Ends with "jobfiles-windows: N passed,
# M failed".
set -u
cd "$(dirname "$0")/../.."
CHECK_FORM=short
. tests/lib/check.sh
FV_BIN=$(realpath "${FV_BIN:-build/postproc/fioverdict}")
W=jobfiles/windows
scratch_dir build/tests/jobfiles-windows

# 1. One protocol, three forms.
if diff <(sed -n '/^\[global\]/,$p' jobfiles/placement.fio) \
	<(sed -n '/^\[global\]/,$p' $W/placement.fio) >"$TMP/diff.txt"; then
	ok "$W/placement.fio: its jobs are placement.fio's"
else
	ko "$W/placement.fio differs from placement.fio's jobs:" && sed 's/^/     /' "$TMP/diff.txt" | head -10
fi
if python3 tests/jobfiles/windows.py same $W/placement.fio $W/placement.diskspd >"$TMP/same.txt"; then
	ok "placement.diskspd: $(grep -c '^ok' "$TMP/same.txt") DiskSpd lines, each its fio job in DiskSpd's terms"
else
	ko "placement.diskspd against placement.fio:" && grep -v '^ok' "$TMP/same.txt" | sed 's/^/     /'
fi
# a planted fault: one line's queue depth off
sed 's/^\(peak_randread .*\)-o32/\1-o16/' $W/placement.diskspd >"$TMP/bad.diskspd"
python3 tests/jobfiles/windows.py same $W/placement.fio "$TMP/bad.diskspd" >"$TMP/same-bad.txt" &&
	ko "a DiskSpd line at -o16 for fio's iodepth=32 passed" ||
	{ grep -q '^FAIL peak_randread: .*missing \[.-o32.\]' "$TMP/same-bad.txt" &&
		ok "a DiskSpd line at -o16 for fio's iodepth=32 is named" || ko "bad line: $(cat "$TMP/same-bad.txt")"; }

# 2. Runs with Linux fio, in the script's layout.
ENV=(FV_ENGINE=io_uring FV_SIZE=16m FV_RAMP=0s FV_WARMUP_TIME=300ms
	FV_SWEEP_TIME=200ms FV_PEAK_TIME=300ms FV_STEADY_TIME=2s FV_RUNTIME=300ms)
# fio_run VM DRIVE TIME: run-placement.ps1 -Drive DRIVE on VM at TIME.
fio_run() {
	local label="$1-$2" dir="$TMP/results/$1-$2/$3"
	mkdir -p "$dir"
	cp $W/placement.fio "$dir/"
	record "$1" "$2" "$3" >"$dir/commands.txt"
	if (cd "$dir" && env "${ENV[@]}" FV_TARGET="$2\\:\\fioverdict\\fv.dat" \
		fio --output-format=json+ --output="${label}_placement_$3.json" placement.fio \
		>fio.out 2>&1); then
		ok "fio --output-format=json+ $W/placement.fio, FV_TARGET=$2\\:\\fioverdict\\fv.dat: $1's run"
	else
		ko "fio on $W/placement.fio for $1: $(tail -n 3 "$dir/fio.out")"
	fi
	rm -f "$dir/$2:\\fioverdict\\fv.dat" "$dir/fio.out"
}
# record VM DRIVE TIME: the script's commands.txt (read by no one but
# people: fioverdict must pass it by)
record() {
	printf 'label: %s\r\nmachine: %s\r\nstarted: 2026-09-23T10:15:00Z\r\ntool: fio-3.43\r\njobfile: placement.fio\r\ntarget: %s:\\fioverdict\\fv.dat\r\ncommand: fio --output-format=json+ --output=%s placement.fio\r\n' \
		"$1-$2" "$1" "$2" "$1-$2_placement_$3.json"
}
fio_run FV-WIN1 D 20260923-101500
# a second VM with the same drive letter: the same figures under its own
# names (a fixture of the layout: one fio run is enough)
d2=$TMP/results/FV-WIN2-D/20260923-111500
mkdir -p "$d2" && cp "$TMP"/results/FV-WIN1-D/20260923-101500/* "$d2/" &&
	mv "$d2/FV-WIN1-D_placement_20260923-101500.json" "$d2/FV-WIN2-D_placement_20260923-111500.json" &&
	record FV-WIN2 D 20260923-111500 >"$d2/commands.txt"
for d in D E; do
	python3 tests/jobfiles/windows.py xml $W/placement.fio $W/placement.diskspd \
		"$TMP/results/FV-WIN3-$d-diskspd/20260930-101500" "FV-WIN3-$d-diskspd" FV-WIN3 $d 20260930-101500
done
"$FV_BIN" summary -f csv "$TMP/results" >"$TMP/summary.csv" 2>"$TMP/summary.err"
st=$?
[ $st -eq 0 ] && [ ! -s "$TMP/summary.err" ] && ok "fioverdict summary reads the fixture: exit 0, no warning" ||
	ko "summary: exit $st: $(head -c 600 "$TMP/summary.err")"
# label, machine and target of every row, once each
col() { awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next } { print $c }' "$TMP/summary.csv"; }
got=$(paste -d' ' <(col label) <(col machine) <(col target) | sort -u | tr '\n' ';')
want="FV-WIN1-D  D:;FV-WIN2-D  D:;FV-WIN3-D-diskspd FV-WIN3 D:;FV-WIN3-E-diskspd FV-WIN3 E:;"
[ "$got" = "$want" ] && ok "one label per VM and drive (and DiskSpd's apart), each on its drive: $got" ||
	ko "labels: $got (want $want)"
roles=$(paste -d' ' <(col label) <(col role) <(col job) | grep '^FV-WIN1-D ' | cut -d' ' -f2 | sort | uniq -c | awk '{ printf "%s %s;", $2, $1 }')
[ "$roles" = "peak 2;scaling 14;steady 1;sync 1;throughput 2;warmup 1;" ] &&
	ok "the fio jobs' roles, as on Linux: $roles" || ko "roles: $roles"
# DiskSpd names a job by its profile: the sweep's QD32 point, the peak and
# the steady test are three runs of one "RND 4KiB Q32 T8" (the newest
# shown); --runs all shows each
n=$("$FV_BIN" summary -f csv --runs all "$TMP/results" 2>/dev/null | grep -c '/FV-WIN3-D-diskspd/')
[ "$n" -eq 20 ] && ok "every DiskSpd file read: 20 jobs in FV-WIN3-D-diskspd (all but the warm-up's)" ||
	ko "FV-WIN3-D-diskspd: $n jobs"
paste -d' ' <(col label) <(col role) <(col job) | grep -q '^FV-WIN3-D-diskspd sync RND 4KiB Q1 T1 W100%' &&
	ok "DiskSpd's write-through test is the sync job (by its file name)" || ko "no DiskSpd sync job"
d1=$TMP/results/FV-WIN1-D/20260923-101500
grep -q '"bins"' "$d1/FV-WIN1-D_placement_20260923-101500.json" && ok "json+ (bins) written" || ko "no bins"
ls "$d1"/steady_randwrite_clat_hist.*.log >/dev/null 2>&1 && ls "$d1"/sync_randwrite_clat_hist.*.log >/dev/null 2>&1 &&
	ls "$d1"/sweep_randread_qd1_iops.*.log >/dev/null 2>&1 && ok "IOPS and histogram logs in the run folder" || ko "logs: $(ls "$d1" | head)"
"$FV_BIN" timeline -f csv "$d1" >"$TMP/timeline.csv" 2>&1 && grep -q steady_randwrite "$TMP/timeline.csv" &&
	ok "fioverdict timeline reads the histogram logs" || ko "timeline: $(head -3 "$TMP/timeline.csv")"

# 3. run-placement.ps1.
if python3 tests/jobfiles/ps1check.py $W/run-placement.ps1 >"$TMP/ps1.txt"; then
	ok "run-placement.ps1: ps1check.py finds nothing"
else
	ko "run-placement.ps1:" && sed 's/^/     /' "$TMP/ps1.txt"
fi
# plant FAULT NEEDLE: the script with one change must be refused, saying NEEDLE.
plant() {
	python3 - "$1" "$2" $W/run-placement.ps1 "$TMP/planted.ps1" <<'PY' || return
import sys
old, new, src, dst = sys.argv[1:]
s = open(src).read()
assert old in s, old
open(dst, "w").write(s.replace(old, new, 1))
PY
	if python3 tests/jobfiles/ps1check.py "$TMP/planted.ps1" >"$TMP/planted.txt"; then
		ko "planted fault not found: $1 -> $2"
	elif grep -qF -- "$3" "$TMP/planted.txt"; then
		ok "planted fault found: $3"
	else
		ko "planted fault ($1 -> $2): $(cat "$TMP/planted.txt")"
	fi
}
plant '    } finally {
        Pop-Location' '     finally {
        Pop-Location' "'{' never closed"
plant 'status ${status}: what' 'status $status: what' '"$status:" in a string'
plant 'if ($status -ne 0) {' 'if ($status -ne 0 && $true) {' "'&&' is PowerShell 7's"
plant '"results: $runDir"' '"results: $runDri"' '$runDri is read but never set'
plant '"results: $runDir"' '"results: $runDir' 'string never closed'
plant '$os = Get-CimInstance' '$os = Get-CimInstances' 'Get-CimInstances is neither'
# The names it writes: LABEL_TEST_TIME.EXT under OUTDIR\LABEL\TIME, the
# fixture's; COMPUTERNAME-DRIVE, -diskspd for DiskSpd.
grep -qF "return '{0}_{1}_{2}.{3}' -f \$Label, (\$Test -replace '_', '-'), \$runName, \$Extension" $W/run-placement.ps1 &&
	grep -qF "\$Label = (\$env:COMPUTERNAME + '-' + \$letter)" $W/run-placement.ps1 &&
	grep -qF "\$Label += '-diskspd'" $W/run-placement.ps1 &&
	grep -qF '$runDir = Join-Path $labelDir $runName' $W/run-placement.ps1 &&
	grep -qF "\$runName = Get-Date -Format 'yyyyMMdd-HHmmss'" $W/run-placement.ps1 &&
	ok "run-placement.ps1 names its results as the fixture is laid out" || ko "run-placement.ps1's names are not the fixture's"

summary jobfiles-windows
