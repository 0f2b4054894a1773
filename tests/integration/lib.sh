# Helpers for the integration tests: run the real fio with our engines,
# read its JSON and our stats files. The counters and check lines are
# tests/lib/check.sh's; this part needs the engines' folder.
# shellcheck shell=bash

. tests/lib/check.sh
FV_ENGINES=${FV_ENGINES:-build/engines}
UD="$(cd "$FV_ENGINES" && pwd)/uring_durable.so"
WORK=$(mktemp -d /tmp/fv-it.XXXXXX)
SHM=$(mktemp -d /dev/shm/fv-it.XXXXXX)
trap 'rm -rf "$WORK" "$SHM"' EXIT

# fio under the sanitizer runtimes when the engine is instrumented.
fio_run() {
	with_preload timeout 120 fio "$@"
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

