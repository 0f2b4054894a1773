#!/bin/bash
# Runs libFuzzer targets one after another: each first replays its
# regression inputs (tests/postproc/fuzz/regress/NAME/: inputs that once
# crashed it), then fuzzes its corpus for SECONDS. Prints, per target, the
# executions, the coverage (libFuzzer's cov: edges, ft: features) and the
# corpus size, and ends with "fuzz: N passed, M failed". A crash, a
# sanitizer report, a leak, a hang (-timeout) or running out of memory
# fails the target; its input is kept in OUT/crashes-NAME/, with the
# command that reproduces it.
#
#   fuzz.sh SECONDS OUT NAME...
set -u
secs=$1 out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
for t in "$@"; do
	bin=$out/fuzz_$t corpus=$out/corpus-$t crashes=$out/crashes-$t/
	log=$out/$t.log reg=$here/fuzz/regress/$t
	mkdir -p "$crashes"
	mapfile -t inputs < <(find "$reg" -type f 2>/dev/null | sort)
	if [ ${#inputs[@]} -gt 0 ] &&
		! "$bin" -timeout=10 -rss_limit_mb=2048 "${inputs[@]}" \
			>"$log" 2>&1; then
		echo "fuzz $t: FAILED on a regression input of $reg"
		tail -n 40 "$log"
		fail=$((fail + 1))
		continue
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
		pass=$((pass + 1))
	else
		echo "fuzz $t: FAILED (log $log)"
		tail -n 60 "$log"
		ls "$crashes" | sed "s|^|  input: $crashes|"
		echo "  reproduce: $bin $crashes<input>"
		fail=$((fail + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
