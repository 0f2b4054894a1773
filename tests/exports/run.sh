#!/bin/bash
# SPDX-License-Identifier: MIT
# Every engine .so exports ioengine and nothing else (engines/ioengine.map):
# fio finds an external engine by that name, and any other name the .so
# exported would sit in fio's namespace, one clash away from fio's own
# (hist_sum...). First the check on throwaway .so files, so that it is
# known to fail when it should; then on each engine given.
#
#   tests/exports/run.sh MAP ENGINE.so...
set -uo pipefail
CHECK_FORM=quiet
. "$(dirname "$0")/../lib/check.sh"
map=${1:?usage: tests/exports/run.sh MAP ENGINE.so...}
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The defined dynamic symbols of $1, one a line; nm's status on failure.
exported() {
	nm -D --defined-only "$1" | awk '{ print $NF }'
}

# expect NAME 0|1 SO: 0 when SO exports ioengine alone.
expect() {
	local name=$1 want=$2 so=$3 syms st
	syms=$(exported "$so") || {
		ko "$name: nm -D failed on $so"
		return
	}
	[ "$syms" = ioengine ]
	st=$?
	if [ "$st" -eq "$want" ]; then
		ok
	elif [ "$st" -eq 0 ]; then
		ko "$name: $so passed, exporting ioengine alone"
	else
		ko "$name: $so exports $(wc -w <<<"$syms") symbols:" \
			"$(head -n 8 <<<"$syms" | tr '\n' ' ')..."
	fi
}

# A stand-in engine with a helper that has one of fio's names.
cat >"$tmp/eng.c" <<'C'
struct ops { const char *name; };
int hist_sum(int n) { return n + 1; }
struct ops ioengine = { "throwaway" };
C
printf 'int hist_sum(int n) { return n; }\n' >"$tmp/none.c"
cc=${CC:-cc}
$cc -shared -fPIC -o "$tmp/plain.so" "$tmp/eng.c" &&
	$cc -shared -fPIC -Wl,--version-script="$map" -o "$tmp/mapped.so" \
		"$tmp/eng.c" &&
	$cc -shared -fPIC -Wl,--version-script="$map" -o "$tmp/none.so" \
		"$tmp/none.c" || {
	echo "exports: cannot build the throwaway .so files"
	exit 1
}
expect "built without the version script" 1 "$tmp/plain.so"
expect "built with the version script" 0 "$tmp/mapped.so"
expect "no ioengine at all" 1 "$tmp/none.so"

[ $# -gt 0 ] || ko "no engine given"
for so in "$@"; do
	expect "$(basename "$so")" 0 "$so"
done

summary check-exports
