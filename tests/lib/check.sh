# shellcheck shell=bash
# What every suite's script needs, written once: the counters and the line
# of each check, the last line, a scratch folder, fio under the sanitizer
# runtimes, a process tree to kill. Sourced (. tests/lib/check.sh), with no
# side effect but the counters; it needs nothing of the build.
#
# A suite's lines are read by people, by CI logs and by other suites
# (check-fio-versions greps the integration suite's "not ok"), so each
# keeps the form it has always printed, chosen by CHECK_FORM before
# sourcing:
#   tap (default)  "ok - NAME"; "not ok - NAME", then each piece of
#                  evidence on a line of its own, indented; "skip - NAME: WHY"
#   short          "ok   NAME"; "FAIL MESSAGE" (ko)
#   quiet          nothing for a pass; "FAILED: MESSAGE" (ko)
# Every form ends with summary's "SUITE: N passed, M failed".

CHECK_FORM=${CHECK_FORM:-tap}
PASS=0
FAIL=0
SKIP=0

# ok NAME...: a check passed.
ok() {
	PASS=$((PASS + 1))
	case $CHECK_FORM in
	short) echo "ok   $*" ;;
	quiet) ;;
	*) echo "ok - $1" ;;
	esac
}

# not_ok NAME [EVIDENCE...]: a check failed (tap form).
not_ok() {
	FAIL=$((FAIL + 1))
	echo "not ok - $1"
	shift
	[ $# -gt 0 ] && printf '    %s\n' "$@"
	return 0
}

# ko MESSAGE...: a check failed (short and quiet forms: one line).
ko() {
	FAIL=$((FAIL + 1))
	case $CHECK_FORM in
	quiet) echo "FAILED: $*" ;;
	*) echo "FAIL $*" ;;
	esac
}

# skip NAME WHY: a check that could not run here, and why.
skip() {
	SKIP=$((SKIP + 1))
	echo "skip - $1: $2"
}

# check NAME COMMAND...: one test, passed when COMMAND succeeds.
check() {
	local name=$1
	shift
	if "$@"; then
		ok "$name"
	else
		not_ok "$name" "failed: $*"
	fi
}

# summary [-s] SUITE: the last line, "SUITE: N passed, M failed" (-s: and
# ", K skipped"); status 0 when nothing failed.
summary() {
	local skips=
	if [ "$1" = -s ]; then
		skips=", $SKIP skipped"
		shift
	fi
	echo "$1: $PASS passed, $FAIL failed$skips"
	[ "$FAIL" -eq 0 ]
}

# scratch_dir DEFAULT: FV_TMP (DEFAULT when unset) made anew and empty; TMP
# its absolute path.
scratch_dir() {
	FV_TMP=${FV_TMP:-$1}
	rm -rf "$FV_TMP" && mkdir -p "$FV_TMP"
	TMP=$(realpath "$FV_TMP")
}

# with_preload COMMAND...: COMMAND (fio, or what runs fio) under the
# sanitizer runtimes FV_PRELOAD names, when the engine is instrumented;
# fio's own leaks at exit are not ours to report.
with_preload() {
	if [ -n "${FV_PRELOAD:-}" ]; then
		LD_PRELOAD="$FV_PRELOAD" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
			UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$@"
	else
		"$@"
	fi
}

# proc_tree PID: PID and its descendants, one a line. fio's job processes
# start sessions of their own, so neither a group nor a session holds a
# server's processes all.
proc_tree() {
	local p=$1 c
	echo "$p"
	for c in $(ps -o pid= --ppid "$p" 2>/dev/null); do
		proc_tree "$c"
	done
}

# suite_top FORM: the suite run from the top of the tree, SRC its absolute
# path, its lines in FORM (see above), MAKE the make it calls (make when
# unset). Called before the suite changes directory.
suite_top() {
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	SRC=$(pwd)
	CHECK_FORM=$1
	MAKE=${MAKE:-make}
}

# built_paths: BIN and ENGDIR, the absolute paths of FV_BIN (the program;
# build/postproc/fioverdict when unset) and FV_ENGINES (the engines'
# folder; build/engines), for a suite that runs them from elsewhere.
built_paths() {
	FV_BIN=${FV_BIN:-build/postproc/fioverdict}
	FV_ENGINES=${FV_ENGINES:-build/engines}
	BIN="$(cd "$(dirname "$FV_BIN")" && pwd)/$(basename "$FV_BIN")"
	ENGDIR="$(cd "$FV_ENGINES" && pwd)"
}
