#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How often diff calls identical runs a regression, measured.

Usage: false_alarms.py FIOVERDICT RUNS_DIR [SPLITS]

Each batch of identical runs of tests/truth/runs (aaa_1..8, aab, aac, aad:
two tmpfs jobs; hist_01..12: two jobs on the emulated disk) is split at
random (a fixed seed: the same splits each time) into a baseline and a new
side of N runs each, N = 3, 4, 5 (5: the batch of 12 alone), SPLITS times
per batch and N, and
`fioverdict diff` judges them. Prints, per N, the share of jobs called a
regression (the per-job false-alarm rate) and of suites with at least one
(the per-suite rate). Not part of make check-truth (a measurement, not a
pass or fail); docs/verdicts.md quotes it.
"""
import csv
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile

BATCHES = {
    "aaa": [f"aaa_{i}" for i in range(1, 9)],
    "aab": [f"aab_{i}" for i in range(1, 9)],
    "aac": [f"aac_{i}" for i in range(1, 9)],
    "aad": [f"aad_{i}" for i in range(1, 9)],
    "hist": [f"hist_{i:02d}" for i in range(1, 13)],
}


def diff(binary, runs, base, new):
    with tempfile.TemporaryDirectory(prefix="fvfa.") as tmp:
        for side, names in (("base", base), ("new", new)):
            for n in names:
                shutil.copytree(os.path.join(runs, n),
                                os.path.join(tmp, side, n))
        newdir = os.path.join(tmp, "new")
        p = subprocess.run([binary, "diff", "-q", "-f", "csv", "--baseline",
                            os.path.join(tmp, "base"), "--label",
                            f"new={newdir}", newdir],
                           capture_output=True, text=True, check=False)
    return [r["verdict"] for r in csv.DictReader(io.StringIO(p.stdout))]


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    binary, runs = sys.argv[1:3]
    splits = int(sys.argv[3]) if len(sys.argv) == 4 else 20
    rnd = random.Random(20261205)
    print(f"{'runs a side':<12}{'suites':>7}{'jobs':>6}{'job alarms':>12}"
          f"{'per job':>9}{'suite alarms':>14}{'per suite':>11}")
    for n in (3, 4, 5):
        suites = jobs = job_alarms = suite_alarms = 0
        for names in BATCHES.values():
            for _ in range(splits if len(names) >= 2 * n else 0):
                pick = rnd.sample(names, 2 * n)
                verdicts = diff(binary, runs, pick[:n], pick[n:])
                suites += 1
                jobs += len(verdicts)
                bad = sum(v == "regression" for v in verdicts)
                job_alarms += bad
                suite_alarms += bad > 0
        print(f"{n:<12}{suites:>7}{jobs:>6}{job_alarms:>12}"
              f"{job_alarms / jobs:>9.1%}{suite_alarms:>14}"
              f"{suite_alarms / suites:>11.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
