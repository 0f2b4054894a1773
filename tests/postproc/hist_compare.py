#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Per-window percentiles of `fioverdict timeline` against fio's own
tools/hist/fiologparser_hist.py on the same histogram logs.

Usage: hist_compare.py FIOVERDICT FIOLOGPARSER_HIST JSON WINDOW_MS LOG...

Both read the logs at WINDOW_MS (the logs' log_hist_msec: one line per
file and direction in each window): fioverdict with --window, the script
with --noweight -i (its windows take a line at its time stamp, ours at the
middle of what it covers, so the script labels each window one later;
rows are paired in order). A pair must hold the same number of I/Os;
each of our percentiles must be fio's (calc_clat_percentiles: the first
bin whose running count reaches the rank) on the window's bins, added up
here from the logs as the script groups them; and the script's value must
be within one bin of ours: the script interpolates between bins (a rank
on a bin's edge goes to the next occupied bin), so its value lies between
the occupied bins either side of ours. Prints the figures; exit 1 on a
difference, 2 when a tool fails.
"""
import csv
import io
import math
import subprocess
import sys

PCTS = ["50", "95", "99", "99.9"]


def plat_val(i, edge=0.5):
    """fio's plat_idx_to_val (stat.c)."""
    if i < 128:
        return float(i)
    eb = (i >> 6) - 1
    return float(1 << (eb + 6)) + ((i % 64) + edge) * (1 << eb)


def bin_value(b, coarse):
    if not coarse:
        return plat_val(b)
    s = 1 << coarse
    hi = (b + 1) * s - 1
    return (plat_val(b * s, 0) + (hi if hi < 128 else plat_val(hi, 1))) / 2


def bin_lo(b, coarse):
    return plat_val(b << coarse, 0)


def bin_hi(b, coarse):
    hi = ((b + 1) << coarse) - 1
    return float(hi) if hi < 128 else plat_val(hi, 1)


def windows(logs, window):
    """{dir: [bins]} per window, grouped as fiologparser_hist.py does
    with --noweight: a line at t in the window k = floor((t + 10) / I)."""
    out = {}
    for f in logs:
        for line in open(f):
            x = [int(v) for v in line.split(",")]
            k = (x[0] + 10) // window
            d = "rwt"[x[1]]
            h = out.setdefault(d, {}).setdefault(k, [0] * (len(x) - 3))
            for i, c in enumerate(x[3:]):
                h[i] += c
    return {d: [v[k] for k in sorted(v)] for d, v in out.items()}


def fio_rule(h, p):
    target = p / 100.0 * sum(h)
    run = 0
    for i, c in enumerate(h):
        run += c
        if run >= target:
            return i
    return len(h) - 1


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        print(f"hist_compare: {' '.join(cmd[:3])}...: exit {p.returncode}:"
              f" {p.stderr.strip()[:400]}", file=sys.stderr)
        sys.exit(2)
    return p.stdout


def main():
    if len(sys.argv) < 6:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    fv, script, js, window = sys.argv[1:5]
    logs = sys.argv[5:]
    nbins = len(open(logs[0]).readline().split(",")) - 3
    coarse = int(round(math.log2(1856 / nbins)))
    ours = {}
    out = run([fv, "timeline", "-q", "-f", "csv", "--window", window + "ms",
               "-p", ",".join(PCTS), js] + logs)
    for r in csv.DictReader(io.StringIO(out)):
        if r["ios (count)"] and int(r["ios (count)"]) > 0:
            ours.setdefault(r["dir"][0], []).append(r)
    theirs = {}
    # the interpreter running this one: the one with numpy and pandas
    out = run([sys.executable, script, "--noweight", "-i", window,
               "--directions", "rw", "--percentiles", ":".join(PCTS),
               "--decimals", "3"] + logs)
    lines = out.strip().splitlines()
    head = [h.strip() for h in lines[0].split(",")]
    for line in lines[1:]:
        row = dict(zip(head, [x.strip() for x in line.split(",")]))
        theirs.setdefault(row["dir"], []).append(row)
    hists = windows(logs, int(window))
    pairs = same_n = within = exact = 0
    for d in sorted(set(ours) | set(theirs)):
        a, b = ours.get(d, []), theirs.get(d, [])
        hs = [h for h in hists.get(d, []) if sum(h)]
        if len(a) != len(b):
            print(f"direction {d}: {len(a)} windows here, {len(b)} in "
                  f"fiologparser_hist.py")
        for x, y, h in zip(a, b, hs):
            pairs += 1
            if int(x["ios (count)"]) != int(float(y["samples"])):
                print(f"{d} window {x['start (ms)']}-{x['end (ms)']} ms: "
                      f"{x['ios (count)']} I/Os here, {y['samples']} there")
                continue
            same_n += 1
            ok = is_exact = True
            occupied = [i for i, c in enumerate(h) if c]
            for p in PCTS:
                v = float(x[f"p{p} (ns)"])
                w = float(y[f"{p}%"])
                b = fio_rule(h, float(p))
                is_exact &= v == bin_value(b, coarse)
                k = occupied.index(b)
                lo = bin_lo(occupied[max(k - 1, 0)], coarse)
                hi = bin_hi(occupied[min(k + 1, len(occupied) - 1)], coarse)
                # the script's bin middles sit up to a bin higher
                hi += bin_hi(b, coarse) - bin_lo(b, coarse) + 1
                if not lo <= w <= hi:
                    ok = False
                    print(f"{d} window {x['start (ms)']} ms P{p}: {v:.0f} "
                          f"ns here, {w:.0f} there, not in [{lo:.0f}, "
                          f"{hi:.0f}]")
            within += ok
            exact += is_exact
    print(f"hist_compare: {pairs} windows paired, {same_n} with the same "
          f"I/O count, {exact} with fio's rule exactly, {within} with "
          f"fiologparser_hist.py's P{', P'.join(PCTS)} within one bin")
    sys.exit(0 if pairs and same_n == exact == within == pairs else 1)


main()
