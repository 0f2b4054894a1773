#!/bin/bash
# fioverdict in CI with one run per commit: add this pipeline's results to
# the history the pipeline keeps (an artifact or a cache, one folder per
# run), and look for change points along it (fioverdict history): a job
# whose newest change made it worse fails the step. Writes a Markdown
# summary (GitHub's step summary when there is one), JUnit XML and the
# series as CSV. See README.md, "CI".
set -uo pipefail

usage() {
	cat <<'EOF'
Usage: fioverdict-history.sh --history DIR --results DIR [OPTION]...
Add this run's fio results to a history of earlier runs and find change
points in each job's figure along it.

  -H, --history DIR    the history the pipeline keeps: one folder per run,
                       NNNNNN-ID, oldest first (created when absent)
  -r, --results DIR    this run's fio results (e.g. fioverdict-ci.sh
                       --repeat 1's OUT/results), copied into the history
  -i, --id ID          this run's name in the history (default: the
                       commit, $GITHUB_SHA or $CI_COMMIT_SHA, else the time)
  -k, --keep N         keep the newest N runs (default 60)
  -f, --fail-on LIST   verdicts that fail (default regression)
  -o, --out DIR        history.md, history.junit.xml, history.csv,
                       history-runs.csv (default fioverdict-history)
  -s, --summary FILE   append the Markdown summary to FILE (default
                       $GITHUB_STEP_SUMMARY when set)
  -h, --help           this help

Environment: FIOVERDICT (the program; default fioverdict on PATH).
Exit status: 0 no chosen verdict; 1 one occurred (a job's newest change
made it worse: the step stays red until a later change restores it, or
the history is started anew); 2 results unreadable; 64 usage; 69 no
fioverdict; 73 the history or output cannot be written.
EOF
}

die_usage() {
	echo "fioverdict-history.sh: $*" >&2
	echo "Try 'fioverdict-history.sh --help'." >&2
	exit 64
}

history= results= id=${GITHUB_SHA:-${CI_COMMIT_SHA:-$(date -u +%Y%m%dT%H%M%S)}}
keep=60 fail_on=regression out=fioverdict-history
summary=${GITHUB_STEP_SUMMARY:-}
while [ $# -gt 0 ]; do
	case $1 in
	-h | --help) usage; exit 0 ;;
	-H | --history | -r | --results | -i | --id | -k | --keep | \
		-f | --fail-on | -o | --out | -s | --summary)
		[ $# -ge 2 ] || die_usage "$1 needs a value"
		case $1 in
		-H | --history) history=$2 ;;
		-r | --results) results=$2 ;;
		-i | --id) id=$2 ;;
		-k | --keep) keep=$2 ;;
		-f | --fail-on) fail_on=$2 ;;
		-o | --out) out=$2 ;;
		-s | --summary) summary=$2 ;;
		esac
		shift
		;;
	*) die_usage "unknown argument '$1'" ;;
	esac
	shift
done
[ -n "$history" ] || die_usage "--history DIR is needed"
[ -d "$results" ] || die_usage "--results: '$results' is not a directory of fio results"
case $keep in
'' | *[!0-9]* | 0*) die_usage "--keep: a number of runs, 1 or more: '$keep'" ;;
esac
case $id in
*/* | '') die_usage "--id: a name without '/': '$id'" ;;
esac
fv=${FIOVERDICT:-fioverdict}
command -v "$fv" >/dev/null 2>&1 ||
	{ echo "fioverdict-history.sh: $fv not found: install fioverdict, or set FIOVERDICT" >&2; exit 69; }
mkdir -p "$history" "$out" || exit 73

# 1. This run as the history's next folder: a sequence number first, so
# that the folders' names are the commits' order (history --order name).
last=$(find "$history" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-*' |
	sed 's|.*/||; s/-.*//' | sort -n | tail -n1)
next=$(printf '%06d' $((10#${last:-0} + 1)))
cp -r "$results" "$history/$next-$id" || exit 73
# the newest --keep runs
find "$history" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-*' | sort |
	head -n -"$keep" | xargs -r rm -rf

# 2. The change points (csv: the history table, then after an empty line
# the series, history-runs).
runs=("$history"/[0-9]*-*)
"$fv" history -q -f md --order name --fail-on "$fail_on" "${runs[@]}" >"$out/history.md"
st=$?
"$fv" history -q -f junit --order name --fail-on "$fail_on" -o "$out/history.junit.xml" "${runs[@]}"
"$fv" history -q -f csv --order name "${runs[@]}" >"$out/history.csv"
"$fv" history -q -f csv --order name --series "${runs[@]}" |
	awk '/^\r?$/ { t++; next } t' >"$out/history-runs.csv"

case $st in
0) result="**PASS**: no job's newest change is one of $fail_on" ;;
1) result="**FAIL**: $(awk -F, -v list="$fail_on" '
	BEGIN { n = split(list, v, ","); for (i = 1; i <= n; i++) want[v[i]] = 1 }
	want[$4] { printf "%s%s", sep, $2; sep = ", " }' "$out/history.csv"): its newest change is one of $fail_on" ;;
2) result="**Results unreadable**: see the diagnostics in the job's log." ;;
*) result="**fioverdict failed** (exit status $st)" ;;
esac

# 3. The summary.
{
	echo "## fioverdict history: ${#runs[@]} runs, the newest $next-$id"
	echo
	echo "$result"
	echo
	cat "$out/history.md"
} >"$out/summary.md"
[ -z "$summary" ] || cat "$out/summary.md" >>"$summary" ||
	echo "fioverdict-history.sh: cannot append to $summary" >&2
echo "fioverdict-history.sh: $result" | sed 's/\*\*//g'
exit $st
