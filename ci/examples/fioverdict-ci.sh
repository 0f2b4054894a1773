#!/bin/bash
# fioverdict in CI: run a quick suite on the runner's disk, compare it with
# the results of an earlier run kept as an artifact (fioverdict diff),
# write a Markdown summary (GitHub's step summary when there is one) and
# JUnit XML, and fail on the verdicts chosen. Called by the GitHub Actions
# workflow and the GitLab CI job beside it; see README.md, "CI".
set -uo pipefail

usage() {
	cat <<'EOF'
Usage: fioverdict-ci.sh [OPTION]...
Run a quick fio suite with fioverdict on this machine's disk, judge it and
compare it with a baseline; write a Markdown summary and JUnit XML.

  -t, --target PATH    file fio tests (default: fioverdict-ci.dat in
                       $RUNNER_TEMP, else in the current directory); a file
                       the script creates is removed afterwards
  -l, --label NAME     the label of this machine's results (default ci)
  -j, --jobfile JOB    job file, by name or path (default placement)
      --full           the job file's full values (default: its quick ones)
  -n, --repeat N       run the suite N times (default 3): diff compares
                       the runs of both sides as samples, which a single
                       run on a shared runner cannot support
  -e, --engine-opt K=V engine option for fioverdict run (repeatable)
  -b, --baseline DIR   results of an earlier run (its OUT/results); absent
                       or empty: no comparison, this run can be the next
  -o, --out DIR        this run's directory (default fioverdict-ci): its
                       results/ (every run: keep them as the next baseline),
                       summary.md, verdicts.junit.xml, diff.junit.xml
  -r, --results DIR    judge the fio results in DIR; run nothing
  -f, --fail-on LIST   verdicts that fail (default regression); any of
                       fioverdict's, e.g. regression,burst-collapse,flush-noop
  -s, --summary FILE   append the Markdown summary to FILE (default
                       $GITHUB_STEP_SUMMARY when set; OUT/summary.md always)
  -h, --help           this help

Environment: FIOVERDICT (the program; default fioverdict on PATH), and the
job file's variables (FV_SIZE...) as fioverdict run takes them.
Exit status: 0 no chosen verdict occurred; 1 one did; 2 results or baseline
unreadable; 3 fio failed; 64 usage; 65, 66, 69, 73, 130 as fioverdict run
(job file rejected, unusable target, fio or engine not found, results
directory not created, interrupted).
EOF
}

die_usage() {
	echo "fioverdict-ci.sh: $*" >&2
	echo "Try 'fioverdict-ci.sh --help'." >&2
	exit 64
}

target= label=ci jobfile=placement quick=--quick baseline= out=fioverdict-ci
results= fail_on=regression summary=${GITHUB_STEP_SUMMARY:-} repeat=3
eopts=()
while [ $# -gt 0 ]; do
	case $1 in
	-h | --help) usage; exit 0 ;;
	--full) quick= ;;
	-t | --target | -l | --label | -j | --jobfile | -e | --engine-opt | -b | --baseline | \
		-o | --out | -r | --results | -f | --fail-on | -s | --summary | -n | --repeat)
		[ $# -ge 2 ] || die_usage "$1 needs a value"
		case $1 in
		-t | --target) target=$2 ;;
		-l | --label) label=$2 ;;
		-j | --jobfile) jobfile=$2 ;;
		-e | --engine-opt) eopts+=(-e "$2") ;;
		-b | --baseline) baseline=$2 ;;
		-o | --out) out=$2 ;;
		-r | --results) results=$2 ;;
		-f | --fail-on) fail_on=$2 ;;
		-s | --summary) summary=$2 ;;
		-n | --repeat) repeat=$2 ;;
		esac
		shift
		;;
	*) die_usage "unknown argument '$1'" ;;
	esac
	shift
done

case $repeat in
'' | *[!0-9]* | 0*) die_usage "--repeat: a number of runs, 1 or more: '$repeat'" ;;
esac
fv=${FIOVERDICT:-fioverdict}
if ! command -v "$fv" >/dev/null 2>&1; then
	echo "fioverdict-ci.sh: $fv not found: install fioverdict (make install, or its Debian package), or set FIOVERDICT" >&2
	exit 69
fi
mkdir -p "$out" || exit 73
md=$out/summary.md
: >"$md"

# Appends the summary to $md, and to the step summary when one was given.
publish() {
	if [ -n "$summary" ]; then
		cat "$md" >>"$summary" ||
			echo "fioverdict-ci.sh: cannot append to $summary" >&2
	fi
}

# 1. The run, unless results were given.
if [ -n "$results" ]; then
	run=$results
	what="results in $run"
else
	target=${target:-${RUNNER_TEMP:-.}/fioverdict-ci.dat}
	created=
	[ -e "$target" ] || created=1
	"$fv" run "$jobfile" $quick --label "$label" --target "$target" \
		--repeat "$repeat" --out "$out/results" --tables compare "${eopts[@]}" |
		tee "$out/run.txt"
	st=${PIPESTATUS[0]}
	[ -z "$created" ] || rm -f "$target"
	# every run of the label: the sample diff compares
	run=$(sed -n 's/^results: //p' "$out/run.txt" | tail -n1)
	run=${run:+$(dirname "$run")}
	what="$jobfile${quick:+ (quick)} on $target as '$label', $repeat run$([ "$repeat" = 1 ] || echo s)"
	if [ "$st" -ne 0 ] || [ -z "$run" ]; then
		{
			echo "## fioverdict: $what"
			echo
			echo "**fioverdict run failed (exit status $st)**: see the job's log."
		} >"$md"
		publish
		exit $((st ? st : 70))
	fi
fi

# 2. Verdicts, and the comparison with the baseline when there is one.
"$fv" verdict -q -f md --fail-on "$fail_on" "$run" >"$out/verdicts.md"
vst=$?
"$fv" verdict -q -f junit --fail-on "$fail_on" -o "$out/verdicts.junit.xml" "$run"
"$fv" verdict -q -f csv "$run" >"$out/verdicts.csv"
dst=0
rm -f "$out/diff.junit.xml" "$out/diff.csv"
if [ -n "$baseline" ] && [ -n "$(find "$baseline" -name '*.json' -print -quit 2>/dev/null)" ]; then
	"$fv" diff -q -f md --fail-on "$fail_on" --baseline "$baseline" "$run" >"$out/diff.md"
	dst=$?
	"$fv" diff -q -f junit --fail-on "$fail_on" --baseline "$baseline" -o "$out/diff.junit.xml" "$run"
	"$fv" diff -q -f csv --baseline "$baseline" "$run" >"$out/diff.csv"
	printf '\nBaseline: `%s`\n' "$baseline" >>"$out/diff.md"
else
	printf '### Against the baseline\n\nNo baseline%s (a first run, or the artifact expired): nothing to compare with; this run'"'"'s results can be the next baseline.\n' \
		"${baseline:+ in \`$baseline\`}" >"$out/diff.md"
fi

# The chosen verdicts that occurred: "name (count)", from the csv rows
# (label, job, check, verdict, ...).
occurred=$(cat "$out/verdicts.csv" "$out/diff.csv" 2>/dev/null |
	awk -F, -v list="$fail_on" '
		BEGIN { n = split(list, v, ","); for (i = 1; i <= n; i++) want[v[i]] = 1 }
		want[$4] { count[$4]++ }
		END { for (k in count) { printf "%s%s (%d)", sep, k, count[k]; sep = ", " } }')

if [ $vst -eq 2 ] || [ $dst -eq 2 ]; then
	status=2 result="**Results unreadable**: see the diagnostics in the job's log."
elif [ $vst -eq 1 ] || [ $dst -eq 1 ]; then
	status=1 result="**FAIL**: $occurred (failing on: $fail_on)"
elif [ $vst -ne 0 ] || [ $dst -ne 0 ]; then
	status=$((vst ? vst : dst)) result="**fioverdict failed** (exit status $status)"
else
	status=0 result="**PASS**: none of $fail_on"
fi

# 3. The summary.
{
	echo "## fioverdict: $what"
	echo
	echo "$result"
	echo
	echo "$("$fv" --version | head -n1), $(fio --version 2>/dev/null || echo 'fio unknown'); results: \`$run\`"
	echo
	"$fv" compare -q -f md "$run"
	echo
	cat "$out/verdicts.md"
	echo
	cat "$out/diff.md"
} >"$md"
publish
echo "fioverdict-ci.sh: $result" | sed 's/\*\*//g'
exit $status
