#!/bin/bash
# Runs the cmocka test programs given as arguments, shows their output, and
# ends with one line: "postproc: N passed, M failed, K skipped". A program
# that dies without a cmocka summary counts as one failure. Exit status 1
# on failure.
passed=0
failed=0
skipped=0
for t in "$@"; do
	out=$("$t" 2>&1)
	status=$?
	printf '%s\n' "$out"
	p=$(grep -Eo "\[  PASSED  \] [0-9]+ test" <<<"$out" | tail -n1 | grep -Eo "[0-9]+")
	f=$(grep -Eo "\[  FAILED  \] [0-9]+ test" <<<"$out" | tail -n1 | grep -Eo "[0-9]+")
	s=$(grep -Eo "\[  SKIPPED \] [0-9]+ test" <<<"$out" | tail -n1 | grep -Eo "[0-9]+")
	skipped=$((skipped + ${s:-0}))
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	if [ "$status" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
		echo "$t: exited with status $status"
		failed=$((failed + 1))
	fi
done
# A skip (with its reason above) is neither a pass nor a failure.
echo "postproc: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
