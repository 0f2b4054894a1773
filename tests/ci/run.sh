#!/bin/bash
# check-ci: ci/examples/fioverdict-ci.sh, the script the GitHub Actions and
# GitLab CI examples call, run here as they run it, with fioverdict
# installed (make install into a DESTDIR outside the tree: the installed
# program runs the main job, the quick placement suite, with no build tree
# around) and a temporary step-summary file:
#   1. a first run, no baseline: passes, says so, results kept;
#   2. a second run against the first as its baseline, the disk slowed by
#      the engine's emulator (cap_iops): regression, exit 1, named in the
#      summary and in JUnit failures;
#   3. the first run's results judged again (--results, nothing runs):
#      against itself, stable; failing on flush-noop (tmpfs), exit 1;
#   4. a job file that does not exist, a bad option, no fioverdict;
#   5. the examples: valid YAML, calling the script with its own options,
#      publishing the files it writes;
#   6. ci/examples/fioverdict-history.sh on the truth suite's history
#      (tests/truth/runs/hist_*, no fio: twelve runs of one build, then
#      the read job 25% slower), added one run per call as a pipeline
#      would: passes until the third slow run, then fails naming the job;
#      --keep prunes; its workflow calls both scripts with their options
#      and keeps the history it fetches.
#
# Env: FV_TMP, MAKE, FV_SHM (tmpfs, default /dev/shm). Make's command-line
# variables reach the inner make through MAKEFLAGS.
# Ends with "ci: N passed, M failed".
set -u
. "$(dirname "$0")/../lib/check.sh"
suite_top short
SHM=${FV_SHM:-/dev/shm}
scratch_dir build/tests/ci
OUT=$(mktemp -d "${TMPDIR:-/tmp}/fioverdict-ci.XXXXXX")
trap 'rm -rf "$OUT"; rm -f "$SHM"/fioverdict-ci-test*.dat' EXIT
SCRIPT=$SRC/ci/examples/fioverdict-ci.sh

# fioverdict installed outside the tree; the script run from a directory
# of its own, with the installed bin first on PATH and no variable that
# points into the tree; the job file's times shortened (shapes, not
# measurements) as the report test does.
ROOT=$OUT/root
$MAKE --no-print-directory install DESTDIR="$ROOT" PREFIX=/usr >"$TMP/install.log" 2>&1 &&
	ok "make install DESTDIR=$ROOT PREFIX=/usr" || { ko "make install: $(tail -5 "$TMP/install.log")"; }
mkdir -p "$OUT/work"
ci() { # [VAR=VALUE]... ARG...: the script, its output in $TMP/out
	env -i -C "$OUT/work" HOME="$OUT" LANG=C.UTF-8 PATH="$ROOT/usr/bin:/usr/bin:/bin" \
		GITHUB_STEP_SUMMARY="$OUT/step-summary.md" FV_SIZE=64m FV_STEADY_TIME=6s \
		"$@" >"$TMP/out" 2>&1
}
# expect_exit WANT NAME: the last ci's exit status.
expect_exit() {
	if [ "$st" -eq "$1" ]; then ok "$2 (exit $st)"; else
		ko "$2: exit $st, want $1"
		sed 's/^/     /' "$TMP/out" | tail -12
	fi
}
valid_junit() { # FILE: parses, and has test cases
	python3 -c 'import sys, xml.dom.minidom as m
d = m.parse(sys.argv[1]); sys.exit(0 if d.getElementsByTagName("testcase") else 1)' "$1" 2>/dev/null
}

# 1. First run: no baseline. A step summary written by an earlier step is
# kept (GitHub's file is appended to).
echo "earlier step" >"$OUT/step-summary.md"
ci "$SCRIPT" --target "$SHM/fioverdict-ci-test.dat" --label tmpfs --baseline "$OUT/none" \
	--out first --fail-on regression
st=$?
expect_exit 0 "first run, no baseline, --fail-on regression"
S=$OUT/step-summary.md
head -1 "$S" | grep -qx "earlier step" && ok "the step summary is appended to" || ko "the step summary lost what was there"
grep -q '^## fioverdict: placement (quick) on .*fioverdict-ci-test.dat as .tmpfs.' "$S" && grep -q '^\*\*PASS\*\*' "$S" &&
	ok "summary: what ran, PASS" || ko "summary head: $(sed -n 2,5p "$S")"
grep -q '^### Comparison by label' "$S" && grep -q '^| tmpfs |' "$S" && grep -q '^### Findings' "$S" &&
	ok "summary: the comparison table and the findings (Markdown)" || ko "summary tables missing"
grep -q '^No baseline in `.*none`' "$S" && ok "summary: says there is no baseline" || ko "summary: no word of the missing baseline"
cmp -s "$S" <(echo "earlier step"; cat "$OUT/work/first/summary.md") && ok "summary.md kept in the run's directory" || ko "first/summary.md differs"
valid_junit "$OUT/work/first/verdicts.junit.xml" && ok "verdicts.junit.xml: JUnit with test cases" || ko "verdicts.junit.xml invalid"
[ ! -e "$OUT/work/first/diff.junit.xml" ] && ok "no diff.junit.xml without a baseline" || ko "diff.junit.xml without baseline"
run1=$(ls -d "$OUT"/work/first/results/tmpfs/*/ 2>/dev/null | head -1)
[ -n "$run1" ] && ls "$run1"/tmpfs_placement_*.json >/dev/null 2>&1 && ok "the results kept in first/results (the next baseline)" || ko "no results in first/results"
[ ! -e "$SHM/fioverdict-ci-test.dat" ] && ok "the target file it created is removed" || ko "target file left on $SHM"
grep -qx "engine: external:$ROOT/usr/lib/fioverdict/uring_durable.so" "$run1/run.txt" 2>/dev/null &&
	grep -qx "jobfile: $ROOT/usr/share/fioverdict/jobfiles/placement.fio" "$run1/run.txt" &&
	! grep -q "$SRC" "$run1/run.txt" && ok "the installed engine and job file ran, nothing from the source tree" ||
	ko "run.txt: $(grep -E 'engine|jobfile' "$run1/run.txt" 2>/dev/null)"

# 2. Second run, the first as baseline, the disk capped at 2000 IOPS by
# the emulator: the jobs fall far below the baseline (tmpfs does 100k+).
rm -f "$S"
ci "$SCRIPT" --target "$SHM/fioverdict-ci-test2.dat" --label tmpfs --baseline first/results \
	--out second --fail-on regression -e cap_iops=2000
st=$?
expect_exit 1 "second run, capped, against the first: regression"
grep -q '^\*\*FAIL\*\*: regression ([0-9]*) (failing on: regression)' "$S" && ok "summary: FAIL, names the regressions" ||
	ko "summary: $(grep -m1 '^\*\*' "$S")"
grep -q '^### Against the baseline' "$S" && grep -q '| regression | regression |' "$S" &&
	grep -q '^Baseline: `first/results`' "$S" && ok "summary: the table against the baseline" || ko "summary: no diff table"
valid_junit "$OUT/work/second/diff.junit.xml" && grep -q '<failure' "$OUT/work/second/diff.junit.xml" &&
	ok "diff.junit.xml: the regressions as JUnit failures" || ko "diff.junit.xml: no failure"
grep -q 'fioverdict-ci.sh: FAIL: regression' "$TMP/out" && ok "the log's last line says why it failed" || ko "log: $(tail -1 "$TMP/out")"

# 3. Judging results that exist, running nothing.
ci "$SCRIPT" --results first/results --baseline first/results --out third --fail-on regression --summary "$OUT/third.md"
st=$?
expect_exit 0 "--results: the first run against itself"
grep -q '| stable |' "$OUT/third.md" && ! grep -q '| regression | regression |' "$OUT/third.md" &&
	ok "against itself: stable, no regression" || ko "self-diff: $(grep -c regression "$OUT/third.md")"
[ ! -d "$OUT/work/third/results" ] && ok "--results runs nothing" || ko "--results ran fio"
ci "$SCRIPT" --results first/results --out fourth --fail-on flush-noop,capped
st=$?
expect_exit 1 "--fail-on flush-noop: the tmpfs sync job's flushes reach no medium"
# verdict judges the newest of the label's three runs (select/): one row
grep -q '^\*\*FAIL\*\*: .*flush-noop (1)' "$OUT/work/fourth/summary.md" && ok "summary names flush-noop" ||
	ko "summary: $(grep -m1 '^\*\*' "$OUT/work/fourth/summary.md")"

# 4. Refusals, with their statuses.
ci "$SCRIPT" --jobfile nosuchjob --target "$SHM/fioverdict-ci-test3.dat" --out fifth
st=$?
expect_exit 66 "a job file that does not exist: fioverdict run's 66"
grep -q 'fioverdict run failed (exit status 66)' "$OUT/work/fifth/summary.md" && ok "summary says run failed" || ko "summary: $(cat "$OUT/work/fifth/summary.md")"
ci "$SCRIPT" --bogus
st=$?
expect_exit 64 "an unknown option"
ci FIOVERDICT=/nonexistent/fioverdict "$SCRIPT" --results first/results
st=$?
expect_exit 69 "no fioverdict"
ci "$SCRIPT" --help
st=$?
expect_exit 0 "--help"
cp "$TMP/out" "$TMP/help"

# 5. The examples call the script with options it has, and publish what it
# writes.
python3 - "$TMP/help" "$OUT/work/second" ci/examples/github-actions.yml ci/examples/gitlab-ci.yml >"$TMP/yaml" 2>&1 <<'EOF'
import glob, os, re, shlex, sys, yaml

known = set(re.findall(r"--[a-z-]+", open(sys.argv[1]).read()))
written = sys.argv[2]  # the --out directory of a run against a baseline

def script_call(texts):
    """The options of the one call of the script in these shell texts."""
    calls = []
    for t in texts:
        if "fioverdict-ci.sh" not in t:
            continue
        w = shlex.split(t.replace("\n", " "))
        i = w.index("ci/examples/fioverdict-ci.sh")
        calls.append({w[j]: w[j + 1] for j in range(i + 1, len(w) - 1) if w[j].startswith("--")})
    assert len(calls) == 1, f"{len(calls)} calls of ci/examples/fioverdict-ci.sh"
    bad = set(calls[0]) - known
    assert not bad, f"options the script does not take: {sorted(bad)}"
    return calls[0]

def junit_matches(pattern, out):
    """The pattern, relative to --out, matches the JUnit files a run wrote."""
    assert pattern.startswith(out + "/"), f"{pattern} is not under {out}"
    found = {os.path.basename(f) for f in glob.glob(os.path.join(written, pattern[len(out) + 1:]))}
    assert found == {"verdicts.junit.xml", "diff.junit.xml"}, f"{pattern} matches {found}"

# GitHub Actions: the call, JUnit published, the results kept as the
# artifact that the next run downloads into --baseline.
gh = yaml.safe_load(open(sys.argv[3]))
steps = [s for job in gh["jobs"].values() for s in job["steps"]]
o = script_call([s["run"] for s in steps if "run" in s])
junit_matches(next(s["with"]["report_paths"] for s in steps if "junit" in s.get("uses", "")), o["--out"])
kept = next(s["with"]["path"] for s in steps
            if "upload-artifact" in s.get("uses", "") and s["with"]["name"] == "fioverdict-baseline")
assert kept.rstrip("/") == o["--out"] + "/results", f"github: keeps {kept} as the baseline"
fetch = next(s["run"] for s in steps if "gh run download" in s.get("run", ""))
assert "--name fioverdict-baseline" in fetch and f"--dir {o['--baseline']}" in fetch, "github: the baseline fetched elsewhere"
assert "GITHUB_STEP_SUMMARY" not in str(o) and "--summary" not in o, "github: the step summary is the default"
print(f"github-actions.yml: the script with {sorted(o)}, JUnit and baseline consistent")

# GitLab CI: the same, the baseline from the job's artifacts unzipped.
gl = yaml.safe_load(open(sys.argv[4]))["fioverdict"]
o = script_call(gl["script"])
junit_matches(gl["artifacts"]["reports"]["junit"], o["--out"])
assert o["--out"] + "/" in gl["artifacts"]["paths"], "gitlab: the results are not kept"
assert gl["artifacts"]["when"] == "always", "gitlab: artifacts kept only on success"
unzip = re.search(r"unzip -q \S+ -d (\S+)", " ".join(gl["before_script"])).group(1)
assert o["--baseline"] == f"{unzip}/{o['--out']}/results", f"gitlab: baseline {o['--baseline']}, artifacts unzipped in {unzip}"
print(f"gitlab-ci.yml: the script with {sorted(o)}, JUnit and baseline consistent")
EOF
st=$?
if [ $st -eq 0 ]; then
	while read -r line; do ok "$line"; done <"$TMP/yaml"
else
	ko "the CI examples:"
	sed 's/^/     /' "$TMP/yaml" | tail -5
fi

# 6. The history recipe, one run per call.
HSCRIPT=$SRC/ci/examples/fioverdict-history.sh
hist=() # the exit status after each run added
for i in $(seq -w 1 16); do
	ci "$HSCRIPT" --history hist --results "$SRC/tests/truth/runs/hist_$i" \
		--id "c$i" --out hout
	hist+=($?)
done
[ "${hist[*]}" = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1" ] &&
	ok "history: passes for the A runs, fails from the third slow one" ||
	ko "history: exit statuses ${hist[*]}"
grep -q '^\*\*FAIL\*\*: capped_randread: ' "$OUT/work/hout/summary.md" &&
	grep -q 'change from run 13 (hist/000013-c13/' "$OUT/work/hout/summary.md" &&
	ok "history: the summary names the job and the first slow run" ||
	ko "history summary: $(grep -m1 '^\*\*' "$OUT/work/hout/summary.md")"
[ "$(grep -c '^capped_' "$OUT/work/hout/history-runs.csv")" = 32 ] &&
	valid_junit "$OUT/work/hout/history.junit.xml" &&
	ok "history: the series (32 rows) and JUnit written" ||
	ko "history: $(wc -l <"$OUT/work/hout/history-runs.csv") series lines"
ci "$HSCRIPT" --history hist --results "$SRC/tests/truth/runs/hist_17" --id c17 --keep 10 --out hout
[ "$(ls "$OUT/work/hist" | head -n1)" = 000008-c08 ] && [ "$(ls "$OUT/work/hist" | wc -l)" = 10 ] &&
	ok "history: --keep 10 keeps the newest ten" || ko "history --keep: $(ls "$OUT/work/hist" | head -n1)"
ci "$HSCRIPT" --history hist --results "$SRC/tests/truth/runs/hist_17" --keep 0
st=$?
expect_exit 64 "history: --keep 0"
ci "$HSCRIPT" --help
cp "$TMP/out" "$TMP/hhelp"
python3 - "$TMP/help" "$TMP/hhelp" ci/examples/github-history.yml >"$TMP/hyaml" 2>&1 <<'EOF'
import re, shlex, sys, yaml

def call(steps, script, help_file):
    known = set(re.findall(r"--[a-z-]+", open(help_file).read()))
    runs = [s["run"] for s in steps if script in s.get("run", "")]
    assert len(runs) == 1, f"{len(runs)} calls of {script}"
    w = shlex.split(runs[0].replace("\n", " "))
    i = w.index(f"ci/examples/{script}")
    o = {w[j]: w[j + 1] for j in range(i + 1, len(w) - 1) if w[j].startswith("--")}
    bad = set(o) - known
    assert not bad, f"{script}: options it does not take: {sorted(bad)}"
    return o

gh = yaml.safe_load(open(sys.argv[3]))
steps = [s for job in gh["jobs"].values() for s in job["steps"]]
run = call(steps, "fioverdict-ci.sh", sys.argv[1])
hist = call(steps, "fioverdict-history.sh", sys.argv[2])
assert run["--repeat"] == "1", "one run per commit"
assert hist["--results"] == run["--out"] + "/results", "the history is given another run's results"
kept = next(s for s in steps if "upload-artifact" in s.get("uses", ""))
assert kept["with"]["path"].rstrip("/") == hist["--history"] and kept["if"] == "always()", "the history is not kept"
fetch = next(s["run"] for s in steps if "gh run download" in s.get("run", ""))
assert f"--name {kept['with']['name']}" in fetch and f"--dir {hist['--history']}" in fetch, "the history fetched elsewhere"
junit = next(s["with"]["report_paths"] for s in steps if "junit" in s.get("uses", ""))
assert junit == hist["--out"] + "/history.junit.xml", f"publishes {junit}"
print("github-history.yml: both scripts with their options, the history fetched and kept")
EOF
[ $? -eq 0 ] && ok "$(cat "$TMP/hyaml")" || { ko "github-history.yml:"; sed 's/^/     /' "$TMP/hyaml" | tail -5; }

summary ci
