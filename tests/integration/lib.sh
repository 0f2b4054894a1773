# Helpers for the integration tests: run the real fio with our engines,
# read its JSON and our stats files, count passes and failures.
# shellcheck shell=bash

FV_ENGINES=${FV_ENGINES:-build/engines}
UD="$(cd "$FV_ENGINES" && pwd)/uring_durable.so"
PASS=0
FAIL=0
SKIP=0
WORK=$(mktemp -d /tmp/fv-it.XXXXXX)
SHM=$(mktemp -d /dev/shm/fv-it.XXXXXX)
trap 'rm -rf "$WORK" "$SHM"' EXIT

# fio under the sanitizer runtimes when the engine is instrumented; fio's own
# leaks at exit are not ours to report.
fio_run() {
	if [ -n "${FV_PRELOAD:-}" ]; then
		LD_PRELOAD="$FV_PRELOAD" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
			UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
			timeout 120 fio "$@"
	else
		timeout 120 fio "$@"
	fi
}

ok() {
	PASS=$((PASS + 1))
	echo "ok - $1"
}

not_ok() {
	FAIL=$((FAIL + 1))
	echo "not ok - $1"
	shift
	[ $# -gt 0 ] && printf '    %s\n' "$@"
	return 0
}

skip() {
	SKIP=$((SKIP + 1))
	echo "skip - $1: $2"
}

# py EXPR FILE...: evaluate a Python expression over loaded JSON files
# (fio's output may have text before the JSON: it is skipped). Prints the
# value; exit status 1 when it is false or raises.
py() {
	python3 - "$@" <<'PYEOF'
import json, sys
def load(p):
    t = open(p).read()
    i = t.find('{')
    return json.loads(t[i:]) if i >= 0 else None
expr, files = sys.argv[1], sys.argv[2:]
d = [load(f) for f in files]
try:
    v = eval(expr, {"d": d, "len": len, "sum": sum, "abs": abs})
except Exception as e:
    print("error: %s" % e)
    sys.exit(1)
print(v)
sys.exit(0 if v else 1)
PYEOF
}

# expect NAME EXPR FILE...: a check, reported as one test.
expect() {
	local name=$1 expr=$2 out
	shift 2
	if out=$(py "$expr" "$@" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "expected: $expr" "got: $out"
	fi
}

summary() {
	echo "integration: $PASS passed, $FAIL failed, $SKIP skipped"
	[ "$FAIL" -eq 0 ]
}
