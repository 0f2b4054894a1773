#!/bin/bash
# Runs libFuzzer targets, as many at once as there are CPUs: each first
# replays its regression inputs (tests/postproc/fuzz/regress/NAME/: inputs
# that once crashed it), then fuzzes its corpus for SECONDS. Prints, per
# target, the executions, the coverage (libFuzzer's cov: edges, ft:
# features) and the corpus size, and ends with "fuzz: N passed, M
# failed". A crash, a sanitizer report, a leak, a hang (-timeout) or
# running out of memory fails the target; its input is kept in
# OUT/crashes-NAME/, with the command that reproduces it.
#
#   fuzz.sh SECONDS OUT NAME...
set -u
secs=$1 out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)

# One target; prints its line (and on failure what to look at), exits 1
# on failure.
fuzz_one() {
	local t=$1 bin=$out/fuzz_$1 corpus=$out/corpus-$1
	local crashes=$out/crashes-$1/ log=$out/$1.log reg=$here/fuzz/regress/$1
	local inputs runs last cov ft
	mkdir -p "$crashes"
	mapfile -t inputs < <(find "$reg" -type f 2>/dev/null | sort)
	if [ ${#inputs[@]} -gt 0 ] &&
		! "$bin" -timeout=10 -rss_limit_mb=2048 "${inputs[@]}" \
			>"$log" 2>&1; then
		echo "fuzz $t: FAILED on a regression input of $reg"
		tail -n 40 "$log"
		return 1
	fi
	if "$bin" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$crashes" "$corpus" >"$log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
		cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
		ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
		echo "fuzz $t: $runs executions in $secs s, cov $cov, ft $ft," \
			"corpus $(find "$corpus" -type f ! -name .stamp | wc -l)" \
			"inputs, 0 crashes"
		return 0
	fi
	echo "fuzz $t: FAILED (log $log)"
	tail -n 60 "$log"
	ls "$crashes" | sed "s|^|  input: $crashes|"
	echo "  reproduce: $bin $crashes<input>"
	return 1
}

# As many targets at once as there are CPUs (FUZZ_JOBS): each still
# fuzzes for SECONDS of its own, and the lines are printed in the order
# of the targets.
jobs=${FUZZ_JOBS:-$(nproc)}
for t in "$@"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
	(fuzz_one "$t" >"$out/$t.result" 2>&1; echo $? >"$out/$t.status") &
done
wait
pass=0 fail=0
for t in "$@"; do
	cat "$out/$t.result"
	if [ "$(cat "$out/$t.status")" = 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
