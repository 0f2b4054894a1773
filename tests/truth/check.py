#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Scores fioverdict's verdicts on the ground-truth runs.

Usage: check.py FIOVERDICT RUNS_DIR EXPECTED_TSV

Runs `fioverdict verdict --all -f csv` on every run of RUNS_DIR (one label
per directory, -l NAME=DIR), `fioverdict diff` for each BASE+BASE>NEW+NEW case of
EXPECTED_TSV and `fioverdict history` for each FIRST..LAST case (the runs
FIRST to LAST of RUNS_DIR, by name), matches every row of a scored check against the expected
verdicts (the first line whose case, job glob and check match), and prints
one line per check: runs, right, false alarms, misses. A false alarm is a
fail or warn that the expected verdicts do not allow; a miss, an expected
finding that fioverdict did not give (a pass or an inconclusive, which is
no alarm, instead, or no row); "any"
lines are not scored; "no-row" lines say that nothing can be told, so any
row of theirs (a pass too) is wrong, and their silence right. Exit
status 1 when there is either, 0 otherwise, 2 on a usage or input error.
"""
import csv
import fnmatch
import io
import os
import shutil
import subprocess
import sys
import tempfile

SCORED = ("burst", "cap", "steady-state", "cache", "flush", "storage",
          "latency-stability",
          "regression", "history", "load")


def fail(msg):
    print(f"check.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read_expected(path):
    """[(case, job glob, check, allowed set, line number)]"""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 4:
                fail(f"{path}:{n}: expected 4 tab-separated fields, got "
                     f"{len(parts)}: {line!r}")
            case, job, check, allowed = parts
            if check not in SCORED:
                fail(f"{path}:{n}: check {check!r} is not scored; one of "
                     f"{', '.join(SCORED)}")
            out.append((case, job, check, set(allowed.split(",")), n))
    return out


def fioverdict(binary, args):
    """The csv rows of a fioverdict run (exit 0 or 1: verdicts given)."""
    p = subprocess.run([binary, args[0], "-q", "-f", "csv"] + args[1:],
                       capture_output=True, text=True, check=False)
    if p.returncode not in (0, 1):
        fail(f"{' '.join([binary] + args)}: exit {p.returncode}: "
             f"{p.stderr.strip()}")
    return list(csv.DictReader(io.StringIO(p.stdout)))


def diff_rows(binary, runs, case):
    """diff of the NEW runs against the BASE runs of case 'B1+B2>N1+N2'."""
    bases, news = case.split(">")
    with tempfile.TemporaryDirectory(prefix="fvtruth.") as tmp:
        for side, names in (("base", bases), ("new", news)):
            for b in names.split("+"):
                src = os.path.join(runs, b)
                if not os.path.isdir(src):
                    fail(f"{case}: no run directory {src}")
                # a copy: fioverdict does not follow symlinked directories
                shutil.copytree(src, os.path.join(tmp, side, b))
        # the new runs as one label, a sample of runs as run --repeat
        # keeps them
        new = os.path.join(tmp, "new")
        rows = fioverdict(binary, ["diff", "--baseline",
                                   os.path.join(tmp, "base"),
                                   "--label", f"new={new}", new])
    for r in rows:
        r["label"] = case
    return rows


def history_runs(runs, case):
    """The run directories FIRST..LAST of case, in name order."""
    first, last = case.split("..")
    names = sorted(d for d in os.listdir(runs) if first <= d <= last and
                   d[:len(os.path.commonprefix([first, last]))] ==
                   os.path.commonprefix([first, last]))
    if not names or names[0] != first or names[-1] != last:
        fail(f"{case}: no runs {first} to {last} in {runs}")
    return names


def history_rows(binary, runs, case):
    """history of the runs FIRST..LAST of case 'FIRST..LAST'."""
    names = history_runs(runs, case)
    rows = fioverdict(binary, ["history", "--order", "name"] +
                      [os.path.join(runs, n) for n in names])
    for r in rows:
        r["label"] = case
    return rows


def allows(allowed, row):
    """Is the row's verdict allowed? "regression@RUN": and the first run
    after the change is RUN's."""
    for a in allowed:
        verdict, _, at = a.partition("@")
        where = os.path.basename(os.path.dirname(row.get("first_after", "")))
        if verdict == row["verdict"] and (not at or where == at):
            return True
    return False


def expectation(exp, row):
    for e in exp:
        case, job, check, _, _ = e
        if (fnmatch.fnmatchcase(row["label"], case) and
                fnmatch.fnmatchcase(row["job"], job) and
                row["check"] == check):
            return e
    return None


def main():
    if len(sys.argv) != 4:
        fail("usage: check.py FIOVERDICT RUNS_DIR EXPECTED_TSV")
    binary, runs, expected = sys.argv[1:]
    exp = read_expected(expected)
    # each run directory its own case: a label each, named by it (a
    # folder named as a run, repeat_1, would else be a run of RUNS_DIR)
    labels = []
    for d in sorted(os.listdir(runs)):
        if os.path.isdir(os.path.join(runs, d)):
            labels += ["-l", f"{d}={os.path.join(runs, d)}"]
    rows = fioverdict(binary, ["verdict", "--all"] + labels + [runs])
    for case in sorted({e[0] for e in exp if ">" in e[0]}):
        rows += diff_rows(binary, runs, case)
    for case in sorted({e[0] for e in exp if ".." in e[0]}):
        rows += history_rows(binary, runs, case)

    score = {c: [0, 0, 0, 0] for c in SCORED}  # runs right alarms misses
    used = set()
    wrong = []
    for r in rows:
        if r["check"] not in SCORED:
            continue
        e = expectation(exp, r)
        if e and "any" in e[3]:
            used.add(e[4])
            continue
        s = score[r["check"]]
        s[0] += 1
        if e:
            used.add(e[4])
        if e and "no-row" in e[3]:
            # nothing can be told: any row, even a pass, claims too much
            bad = r["outcome"] != "pass"
            s[3 if not bad or r["verdict"] == "inconclusive" else 2] += 1
            wrong.append(("false alarm" if bad else "miss", r, e[3]))
            continue
        allowed = e[3] if e else {"none"}
        bad = r["outcome"] != "pass"
        if allows(allowed, r) or (not bad and "none" in allowed):
            s[1] += 1
        elif bad and r["verdict"] != "inconclusive":
            s[2] += 1
            wrong.append(("false alarm", r, allowed))
        else:
            s[3] += 1
            wrong.append(("miss", r, allowed))
    # Expected findings that no row gave.
    for case, job, check, allowed, n in exp:
        if n not in used and "no-row" in allowed:
            score[check][0] += 1  # rightly silent
            score[check][1] += 1
            continue
        if n in used or "none" in allowed or "any" in allowed:
            continue
        score[check][0] += 1
        score[check][3] += 1
        wrong.append(("miss", {"label": case, "job": job, "check": check,
                               "verdict": "(no row)", "evidence": ""},
                      allowed))

    print(f"{'check':<14}{'runs':>6}{'right':>7}{'false alarms':>14}"
          f"{'misses':>8}")
    for c in SCORED:
        n, right, alarms, misses = score[c]
        print(f"{c:<14}{n:>6}{right:>7}{alarms:>14}{misses:>8}")
    tot = [sum(s[i] for s in score.values()) for i in range(4)]
    print(f"{'all':<14}{tot[0]:>6}{tot[1]:>7}{tot[2]:>14}{tot[3]:>8}")
    for kind, r, allowed in wrong:
        print(f"{kind}: {r['label']} / {r['job']} / {r['check']}: "
              f"{r['verdict']}, expected {','.join(sorted(allowed))}"
              f"{': ' + r['evidence'] if r.get('evidence') else ''}")
    return 1 if tot[2] or tot[3] else 0


if __name__ == "__main__":
    sys.exit(main())
