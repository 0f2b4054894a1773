#!/bin/bash
# Runs the cmocka test programs given as arguments, shows their output, and
# ends with one line: "postproc: N passed, M failed". A program that dies
# without a cmocka summary counts as one failure. Exit status 1 on failure.
passed=0
failed=0
for t in "$@"; do
	out=$("$t" 2>&1)
	status=$?
	printf '%s\n' "$out"
	p=$(grep -o "\[  PASSED  \] [0-9]*" <<<"$out" | tail -n1 | grep -o "[0-9]*$")
	f=$(grep -o "\[  FAILED  \] [0-9]*" <<<"$out" | tail -n1 | grep -o "[0-9]*$")
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	if [ "$status" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
		echo "$t: exited with status $status"
		failed=$((failed + 1))
	fi
done
echo "postproc: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
