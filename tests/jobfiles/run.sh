#!/bin/bash
# check-jobfiles: every job file passes fio --parse-only (full and quick
# values); fioverdict run refuses what it must, with its documented exit
# statuses; a real quick run keeps its results and never overwrites; a
# Ctrl-C (SIGINT) stops it cleanly, keeping what finished; killed with
# SIGKILL, fio stops too and the run is read as incomplete afterwards.
#
# Env: FV_BIN (fioverdict), FV_ENGINE_DIR (uring_durable.so), FV_TMP.
# Ends with "jobfiles: N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
CHECK_FORM=short
. tests/lib/check.sh
FV_BIN=${FV_BIN:-build/postproc/fioverdict}
ENGINE="external:$(realpath "$FV_ENGINE_DIR")/uring_durable.so"
# A catalogue of the caller's own would change what names find.
unset FV_JOBFILE_DIR
scratch_dir build/tests/jobfiles
# expect STATUS NAME CMD...: the command's exit status must be STATUS.
expect() {
	local want=$1 name=$2 got
	shift 2
	"$@" >"$TMP/out.txt" 2>&1
	got=$?
	if [ "$got" -eq "$want" ]; then ok "$name (exit $got)"; else
		ko "$name: exit $got, want $want"; sed 's/^/     /' "$TMP/out.txt" | tail -5; fi
}

# The "#@ VAR=FULL quick=QUICK" lines as VAR=value words.
decl_env() { # FILE full|quick
	sed -n 's/^#@ \([A-Z_]*\)=\([^ ]*\) *\(quick=\([^ ]*\)\)\{0,1\}.*/\1 \2 \4/p' "$1" |
		while read -r var full quick; do
			case $var in
			FV_TARGET) echo "FV_TARGET=$TMP/parse.dat" ;;
			FV_ENGINE) echo "FV_ENGINE=$ENGINE" ;;
			*) [ "$2" = quick ] && echo "$var=${quick:-$full}" || echo "$var=$full" ;;
			esac
		done
}

# 1. fio --parse-only, as plain fio users run the files.
for f in jobfiles/*.fio; do
	for mode in full quick; do
		mapfile -t vars < <(decl_env "$f" $mode)
		if [ "${#vars[@]}" -lt 3 ]; then ko "$f: declares ${#vars[@]} variables"; continue; fi
		expect 0 "fio --parse-only $f ($mode values)" env "${vars[@]}" fio --parse-only "$f"
	done
	# A missing variable must make fio fail: the check above can fail.
	# FV_SIZE, or replay.fio's FV_IOLOG (it takes the size of its log).
	drop=FV_SIZE
	grep -q '^#@ FV_SIZE=' "$f" || drop=FV_IOLOG
	mapfile -t vars < <(decl_env "$f" quick | grep -v "^$drop=")
	expect 1 "fio --parse-only $f without $drop fails" env -u "$drop" "${vars[@]}" fio --parse-only "$f"
done

# 2. The job names carry their roles (summary's role column after a run
# is checked in 4); every job file has a ioengine=${FV_ENGINE} line.
for f in jobfiles/*.fio; do
	if grep -q '^ioengine=${FV_ENGINE}$' "$f"; then ok "$f uses FV_ENGINE"; else ko "$f: no ioengine=\${FV_ENGINE}"; fi
done

# 3. The runner's checks, before anything runs.
R=(run jobfiles/durability.fio --quick --out "$TMP/res")
expect 64 "run: label with '_' refused" "$FV_BIN" "${R[@]}" --label a_b --target "$TMP/t.dat"
expect 64 "run: missing --target" "$FV_BIN" "${R[@]}" --label a
expect 64 "run: unknown --tables" "$FV_BIN" "${R[@]}" --label a --target "$TMP/t.dat" --tables nope
expect 64 "run: --sku of an unknown ID, before anything runs" "$FV_BIN" "${R[@]}" --label a --target "$TMP/t.dat" --sku a=azure:P35
expect 0 "run --check with --sku a=azure:P10" "$FV_BIN" "${R[@]}" --label a --target "$TMP/t.dat" --sku a=azure:P10 --check
expect 64 "run: --path temp on a size without one, before anything runs" "$FV_BIN" "${R[@]}" --label a --target "$TMP/t.dat" --sku a=azure:Standard_D8s_v5 --path a=temp
grep -q "sizes that have one: azure:Standard_D8ds_v5" "$TMP/out.txt" && ok "--path refusal names a size that would do" || ko "--path refusal: $(cat "$TMP/out.txt")"
expect 69 "run: fio not on PATH" env PATH=/nonexistent "$(realpath "$FV_BIN")" "${R[@]}" --label a --target "$TMP/t.dat"
# A copy of the program outside the build tree finds no engine beside it.
mkdir -p "$TMP/bin" && cp "$FV_BIN" "$TMP/bin/fioverdict"
expect 69 "run: engine not found" env -u FV_ENGINE FV_ENGINE_DIR=/nonexistent "$TMP/bin/fioverdict" "${R[@]}" --label a --target "$TMP/t.dat"
# Nor any job file: --list says where it looked, and that it found none.
expect 0 "run --list, no job file anywhere" "$TMP/bin/fioverdict" run --list
[ "$(cat "$TMP/out.txt")" = "fioverdict run: no job files in FV_JOBFILE_DIR (unset), $TMP/bin/../jobfiles or $TMP/bin/../share/fioverdict/jobfiles" ] &&
	ok "--list with nothing to list says so" || ko "--list: $(cat "$TMP/out.txt")"
expect 66 "run: target directory missing" "$FV_BIN" "${R[@]}" --label a --target /nonexistent/t.dat
expect 66 "run: job file missing" "$FV_BIN" run "$TMP/none.fio" --label a --target "$TMP/t.dat" --out "$TMP/res"
printf '[global]\nioengine=${FV_ENGINE}\n#@ FV_ENGINE=\n#@ FV_TARGET=\n[job]\nrw=bogus\nfilename=${FV_TARGET}\n' >"$TMP/bad.fio"
expect 65 "run: job file fio rejects" "$FV_BIN" run "$TMP/bad.fio" --label a --target "$TMP/t.dat" --out "$TMP/res"
if [ -z "$(ls -A "$TMP/res/a" 2>/dev/null)" ]; then ok "rejected runs left no run directory"; else ko "run directory left: $(ls "$TMP/res/a")"; fi
expect 0 "run --check passes on a good setup" "$FV_BIN" "${R[@]}" --label a --target "$TMP/t.dat" --check

# 3b. Job files by name: the build tree's jobfiles/ beside the program,
# $FV_JOBFILE_DIR before it, a file of that name here before both.
FVA=$(realpath "$FV_BIN")
expect 0 "run durability --check (by name, the build tree's)" "$FVA" run durability --quick --label a --target "$TMP/t.dat" --check
grep -q "job file $(realpath jobfiles/durability.fio)," "$TMP/out.txt" && ok "the name found jobfiles/durability.fio" || ko "by name: $(cat "$TMP/out.txt")"
expect 0 "run --list" "$FVA" run --list
[ "$(awk '{print $1}' "$TMP/out.txt" | tr '\n' ' ')" = "$(cd jobfiles && ls *.fio | sed 's/\.fio$//' | tr '\n' ' ')" ] &&
	ok "--list names every job file" || ko "--list: $(cat "$TMP/out.txt")"
mkdir -p "$TMP/jf" "$TMP/here"
cp jobfiles/durability.fio "$TMP/jf/mine.fio"
cp jobfiles/durability.fio "$TMP/jf/placement.fio"
expect 0 "FV_JOBFILE_DIR: run mine --check" env FV_JOBFILE_DIR="$TMP/jf" "$FVA" run mine --quick --label a --target "$TMP/t.dat" --check
grep -q "job file $TMP/jf/mine.fio," "$TMP/out.txt" && ok "mine found in FV_JOBFILE_DIR" || ko "FV_JOBFILE_DIR: $(cat "$TMP/out.txt")"
expect 0 "--list with FV_JOBFILE_DIR" env FV_JOBFILE_DIR="$TMP/jf" "$FVA" run --list
grep -q "^placement  *$TMP/jf/placement.fio\$" "$TMP/out.txt" && grep -q "^mine  *$TMP/jf/mine.fio\$" "$TMP/out.txt" &&
	[ "$(grep -c '^placement ' "$TMP/out.txt")" -eq 1 ] && ok "FV_JOBFILE_DIR's placement shadows the build tree's" || ko "--list: $(cat "$TMP/out.txt")"
cp jobfiles/durability.fio "$TMP/here/placement"
expect 0 "a file named placement here is a path" env -C "$TMP/here" "$FVA" run placement --quick --label a --target "$TMP/t.dat" --check
grep -q "job file placement," "$TMP/out.txt" && ok "the file here won over the catalogue" || ko "path: $(cat "$TMP/out.txt")"
expect 66 "run nosuchjob: not found" "$FVA" run nosuchjob --label a --target "$TMP/t.dat"
grep -q "no nosuchjob.fio in FV_JOBFILE_DIR (unset), $(realpath jobfiles)" "$TMP/out.txt" && grep -q -- "--list" "$TMP/out.txt" &&
	ok "not found: says where it looked" || ko "not found: $(cat "$TMP/out.txt")"
expect 64 "run --list JOBFILE refused" "$FVA" run --list placement

# 4. A real quick run (durability.fio: 8 jobs of 1 s on the engine).
export FV_SIZE=16m
expect 0 "run durability.fio --quick" "$FV_BIN" "${R[@]}" --label small --target "$TMP/t.dat" \
	--sku small=azure:Standard_D8s_v3+azure:P30 --path small=cached
cp "$TMP/out.txt" "$TMP/run1.txt"
d1=$(sed -n 's/^results: //p' "$TMP/run1.txt")
json=$(ls "$d1"/small_durability_*.json 2>/dev/null)
[ -n "$json" ] && ok "json+ written: ${json#$TMP/}" || ko "no json in $d1"
[ "$(ls "$d1"/*_durability.*.json 2>/dev/null | grep -vc small_)" -ge 8 ] && ok "engine stats files kept" || ko "stats files missing"
ls "$d1"/sync_fsync_qd1_iops.*.log >/dev/null 2>&1 && ok "iops logs kept" || ko "no iops log"
grep -q '^status: done' "$d1/run.txt" && ok "manifest says done" || ko "manifest: $(grep status "$d1/run.txt")"
grep -qx 'sku: small=azure:Standard_D8s_v3+azure:P30' "$d1/run.txt" && grep -qx 'path: small=cached' "$d1/run.txt" &&
	ok "manifest records --sku and --path" || ko "manifest: $(grep -E '^(sku|path):' "$d1/run.txt")"
grep -q 'small .*Standard_D8s_v3 + azure:P30  *cached' "$TMP/run1.txt" && ok "the sku table names the path" || ko "no sku table with the path"
grep -q '"bins"' "$json" && ok "output is json+ (bins)" || ko "no bins in $json"
grep -q 'Summary' "$TMP/run1.txt" && grep -q 'sync_linked_qd8' "$TMP/run1.txt" && ok "tables printed" || ko "no summary table printed"
grep -q 'Verdicts\|verdict' "$TMP/run1.txt" && ok "verdicts printed" || ko "no verdicts printed"
[ "$("$FV_BIN" summary -f csv -q "$d1" | grep -c ',sync,')" -eq 8 ] && ok "8 jobs with role sync" || ko "roles: $("$FV_BIN" summary -f csv "$d1" | cut -d, -f1-4)"
# Relative --out and --target: fio runs in the run directory all the same.
expect 0 "second run, relative paths" "$FV_BIN" run jobfiles/durability.fio --quick --out "${FV_TMP%/}/res" --label small --target "${FV_TMP%/}/t.dat" --tables compare
d2=$(sed -n 's/^results: //p' "$TMP/out.txt")
[ -n "$d2" ] && [ "$d1" != "$d2" ] && [ -f "$json" ] && ok "second run in a new directory, first kept" || ko "run dirs: $d1 $d2"

# 5. Ctrl-C: SIGINT to the runner in the middle of placement.fio.
FV_SIZE=16m "$FV_BIN" run jobfiles/placement.fio --quick --label intr --target "$TMP/t.dat" --out "$TMP/res" --tables summary >"$TMP/intr.txt" 2>&1 &
pid=$!
sleep 8
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ] && ok "SIGINT: exit 130" || ko "SIGINT: exit $st"
di=$(ls -d "$TMP"/res/intr/*/ 2>/dev/null | head -1)
grep -q '^status: interrupted' "$di/run.txt" 2>/dev/null && ok "manifest says interrupted" || ko "manifest after SIGINT"
# fio lists the jobs it never started with no I/O: count those with I/O.
n=$("$FV_BIN" summary -f csv -q "$di" 2>/dev/null | awk -F, 'NR > 1 && ($4 > 0 || $6 > 0)' | wc -l)
[ "$n" -ge 2 ] && [ "$n" -lt 21 ] && ok "SIGINT: $n of 21 jobs ran, kept and readable" || ko "SIGINT: $n jobs with I/O"
grep -q 'warmup_seqwrite' "$TMP/intr.txt" && ok "SIGINT: tables printed" || ko "SIGINT: no tables"
if pgrep -f "$TMP/res/intr" >/dev/null || pgrep -x fio -P $pid >/dev/null 2>&1; then ko "fio still running"; else ok "no fio left running"; fi

# 6. SIGKILL: the runner cannot pass a signal on; the kernel sends fio
# SIGTERM (PR_SET_PDEATHSIG), and the directory stays marked running,
# which every later fioverdict reads as an incomplete run.
FV_SIZE=16m "$FV_BIN" run jobfiles/placement.fio --quick --label killed --target "$TMP/t.dat" --out "$TMP/res" --tables summary >"$TMP/killed.txt" 2>&1 &
pid=$!
dk= fpid=
for i in $(seq 1 100); do
	dk=$(ls -d "$TMP"/res/killed/*/ 2>/dev/null | head -1)
	fpid=$(sed -n 's/^fio-pid: //p' "$dk/run.txt" 2>/dev/null)
	[ -n "$fpid" ] && break
	sleep 0.1
done
sleep 3 # fio is running its first jobs
{
	kill -KILL $pid
	wait $pid
} 2>/dev/null
for i in $(seq 1 150); do
	[ -n "$fpid" ] && kill -0 "$fpid" 2>/dev/null || break
	sleep 0.2
done
if [ -n "$fpid" ] && ! kill -0 "$fpid" 2>/dev/null; then ok "SIGKILL: fio (pid $fpid) stopped with its runner"; else ko "SIGKILL: fio ${fpid:-not started} still running"; fi
grep -q '^status: running' "$dk/run.txt" 2>/dev/null && ok "SIGKILL: the manifest still says running" || ko "SIGKILL: manifest: $(grep status "$dk/run.txt" 2>/dev/null)"
if ls "$dk" | grep -q '^killed_.*\.json$'; then ko "SIGKILL: a fio output that looks whole: $(ls "$dk")"; else ok "SIGKILL: no fio output that looks whole ($(ls -A "$dk" | grep -c partial) temporary)"; fi
expect 2 "SIGKILL: the next fioverdict reads the run as incomplete" "$FV_BIN" summary "$dk"
grep -q "run.txt: error: incomplete run: 'fioverdict run' (pid $pid " "$TMP/out.txt" && ok "SIGKILL: the run is named incomplete, with its runner's pid" || ko "SIGKILL: $(cat "$TMP/out.txt")"
# beside the whole runs of section 4: those are read, the killed one named
expect 2 "SIGKILL: a tree with whole runs and the killed one" "$FV_BIN" summary -f csv "$TMP/res"
grep -q '^small,sync,sync_linked_qd8' "$TMP/out.txt" && grep -q "incomplete run" "$TMP/out.txt" && ! grep -q '^killed,' "$TMP/out.txt" && ok "SIGKILL: whole runs printed, the killed one named, not read" || ko "SIGKILL: tree: $(head -c 600 "$TMP/out.txt")"

summary jobfiles
