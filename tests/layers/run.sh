#!/bin/bash
# SPDX-License-Identifier: MIT
# The layering check: first on small trees with one planted fault each
# (each must be caught, or the check could pass anything), then on the
# project's trees given as arguments: ROOT[:OBJDIR]...
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check="$here/check_layers.py"
CHECK_FORM=quiet
. "$here/../lib/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A clean tree: low/ (public header low.h, internal low_int.h), high/.
mktree() {
	local t=$1
	mkdir -p "$t/low" "$t/high"
	printf 'low\nhigh\n' >"$t/LAYERS"
	printf 'int low_f(void);\n' >"$t/low/low.h"
	printf 'int low_g(void);\n' >"$t/low/low_int.h"
	printf '#include "low.h"\n#include "low_int.h"\nint low_g(void) { return 1; }\nint low_f(void) { return low_g(); }\n' >"$t/low/low.c"
	printf 'int high_f(void);\n' >"$t/high/high.h"
	printf '#include "high.h"\n#include "low/low.h"\nint high_f(void) { return low_f(); }\n' >"$t/high/high.c"
}

objs() { # compiles every .c of tree $1 into $1.o/
	local t=$1 f
	(cd "$t" && find . -name '*.c') | while read -r f; do
		mkdir -p "$t.o/$(dirname "$f")"
		cc -c -I"$t" "$t/$f" -o "$t.o/${f%.c}.o" || exit 1
	done
}

expect() { # expect NAME 0|1 NEEDLE ROOT [--objects DIR]
	local name=$1 want=$2 needle=$3 out st
	shift 3
	out=$("$check" "$@" 2>&1)
	st=$?
	if [ "$st" -ne "$want" ]; then
		ko "$name: status $st, want $want"$'\n'"$out"
	elif [ -n "$needle" ] && ! grep -qF -- "$needle" <<<"$out"; then
		ko "$name: no '$needle' in"$'\n'"$out"
	else
		ok
	fi
}

mktree "$tmp/clean" && objs "$tmp/clean"
expect "clean tree" 0 "0 violations" "$tmp/clean" --objects "$tmp/clean.o"

mktree "$tmp/up"
printf '#include "high/high.h"\n' >>"$tmp/up/low/low.c"
expect "include upward" 1 "low/ includes high/, which is above it" "$tmp/up"

mktree "$tmp/internal"
printf '#include "low/low_int.h"\n' >>"$tmp/internal/high/high.c"
expect "internal header" 1 "internal to low/" "$tmp/internal"

mktree "$tmp/stray"
printf 'int x;\n' >"$tmp/stray/loose.c"
expect "file in no folder" 1 "in no folder that LAYERS lists" "$tmp/stray"

mktree "$tmp/sideways"
printf '#include "../high/high.h"\n' >>"$tmp/sideways/low/low.c"
expect "relative path out of the folder" 1 "above it in LAYERS" "$tmp/sideways"

# A call upward that no include shows: only the objects tell.
mktree "$tmp/call"
printf 'int high_f(void);\nint low_h(void) { return high_f(); }\n' >>"$tmp/call/low/low.c"
objs "$tmp/call"
expect "call without include (includes only)" 0 "" "$tmp/call"
expect "call without include (objects)" 1 "uses high_f" "$tmp/call" --objects "$tmp/call.o"
expect "cycle between folders" 1 "folders in a cycle" "$tmp/call" --objects "$tmp/call.o"

# A file in ROOT itself ('.') names a lower folder's header by its path from
# the top, which is also the path beside it.
mktree "$tmp/rootdir"
printf 'low\nhigh\n.\n' >"$tmp/rootdir/LAYERS"
printf '#include "high/high.h"\nint main(void) { return high_f(); }\n' >"$tmp/rootdir/main.c"
objs "$tmp/rootdir"
expect "root folder includes by path" 0 "0 violations" "$tmp/rootdir" --objects "$tmp/rootdir.o"

# Two files of one folder that call each other.
mktree "$tmp/filecycle"
printf 'int low_g(void);\nint low_k(void) { return low_g(); }\n' >"$tmp/filecycle/low/low2.c"
printf 'int low_k(void);\nint low_j(void) { return low_k(); }\n' >>"$tmp/filecycle/low/low.c"
objs "$tmp/filecycle"
expect "files of a folder in a cycle" 1 "call each other in a cycle" \
	"$tmp/filecycle" --objects "$tmp/filecycle.o"

mktree "$tmp/nolayers" && rm "$tmp/nolayers/LAYERS"
expect "no LAYERS file" 1 "LAYERS" "$tmp/nolayers"

for spec in "$@"; do
	root=${spec%%:*}
	if [ "$spec" != "$root" ]; then
		out=$("$check" "$root" --objects "${spec#*:}")
	else
		out=$("$check" "$root")
	fi
	st=$?
	echo "$out" | tail -n 1
	if [ $st -eq 0 ]; then ok; else ko "$root"$'\n'"$out"; fi
done

summary check-layers
