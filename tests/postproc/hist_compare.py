#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Per-window percentiles of `fioverdict timeline` against fio's own
tools/hist/fiologparser_hist.py on the same histogram logs.

Usage: hist_compare.py FIOVERDICT FIOLOGPARSER_HIST JSON WINDOW_MS LOG...

Both read the logs at WINDOW_MS (the logs' log_hist_msec): fioverdict
with --window, the script with --noweight -i (its windows take a line at
its time stamp plus 10 ms, ours at the middle of the interval it covers).
Each of our windows must hold the I/Os of the lines our rule puts in it,
and each of its percentiles must be fio's (calc_clat_percentiles: the
first bin whose running count reaches the rank) on those bins, both
grouped again here. Windows are paired with the script's when they hold
the same lines (the script's grouping written out again too); a window
whose lines the two group differently (time stamps late by a good part
of a short window) is checked against the bins alone. In a pair, the
script's value must be within one bin of ours: it interpolates between
bins (a rank on a bin's edge goes to the next occupied bin), so its value
lies between the occupied bins either side of ours, give or take the bin
beyond them (its bin values sit half a bin high, and above the last
occupied bin its cdf reaches 100% one bin later). Prints the figures;
exit 1 on a difference, 2 when a tool fails.
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
    """{dir: {start_ms: bins}}, grouped by fioverdict's rule written out
    again here: a line in the window holding the middle of the interval
    it covers, from the previous line of its file and direction."""
    out = {}
    for f in logs:
        prev = {}
        for line in open(f):
            x = [int(v) for v in line.split(",")]
            d = "rwt"[x[1]]
            k = int(((prev.get(d, 0) + x[0]) / 2) // window)
            prev[d] = x[0]
            h = out.setdefault(d, {}).setdefault(k * window,
                                                 [0] * (len(x) - 3))
            for i, c in enumerate(x[3:]):
                h[i] += c
    return out


def script_windows(logs, window):
    """{dir: {end_ms: bins}} as fiologparser_hist.py --noweight groups
    them: a line at t in the window ending at (floor((t + 10) / I) + 1) I."""
    out = {}
    for f in logs:
        for line in open(f):
            x = [int(v) for v in line.split(",")]
            end = ((x[0] + 10) // window + 1) * window
            h = out.setdefault("rwt"[x[1]], {}).setdefault(
                end, [0] * (len(x) - 3))
            for i, c in enumerate(x[3:]):
                h[i] += c
    return out


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
    step = int(window)
    pairs = same_n = within = exact = rows = 0
    for d in sorted(set(ours) | set(theirs)):
        # the script labels a window by its end and takes a line at its
        # time stamp (+10 ms): windows are paired when they hold the
        # same lines, their bins added up here by each tool's rule
        by_end = {int(float(y["end-time"])): y for y in theirs.get(d, [])}
        their_bins = script_windows(logs, step).get(d, {})
        for x in ours.get(d, []):
            start = int(float(x["start (ms)"]))
            h = hists.get(d, {}).get(start)
            rows += 1
            if h is None or sum(h) != int(x["ios (count)"]):
                print(f"{d} window {start} ms: {x['ios (count)']} I/Os "
                      f"here, {sum(h) if h else 0} in the logs")
                continue
            occupied = [i for i, c in enumerate(h) if c]
            is_exact = True
            for p in PCTS:
                b = fio_rule(h, float(p))
                is_exact &= float(x[f"p{p} (ns)"]) == bin_value(b, coarse)
            exact += is_exact
            # the script's window holding exactly these lines, if any
            y = None
            for end in range(start + step, start + 4 * step, step):
                if their_bins.get(end) == h and end in by_end:
                    y = by_end[end]
                    break
            if not y:
                continue  # a late line fell elsewhere in one of the two
            pairs += 1
            same_n += 1
            ok = True
            for p in PCTS:
                v = float(x[f"p{p} (ns)"])
                w = float(y[f"{p}%"])
                b = fio_rule(h, float(p))
                k = occupied.index(b)
                lo = bin_lo(occupied[max(k - 1, 0)], coarse)
                # the script's bin values sit half a bin higher (each the
                # middle of a bin and the next) and its cdf reaches 100%
                # only in the empty bin above the last: one bin more
                nxt = occupied[min(k + 1, len(occupied) - 1)]
                hi = bin_hi(min(nxt + 2, len(h) - 1), coarse)
                if not lo <= w <= hi:
                    ok = False
                    print(f"{d} window {start} ms P{p}: {v:.0f} ns here, "
                          f"{w:.0f} there, not in [{lo:.0f}, {hi:.0f}]")
            within += ok
    print(f"hist_compare: {rows} windows, {exact} with every percentile "
          f"(P{', P'.join(PCTS)}) fio's rule on their bins exactly; "
          f"{pairs} holding the same lines in fiologparser_hist.py "
          f"--noweight, {within} of them with its percentiles within one "
          f"bin of ours")
    sys.exit(0 if rows and exact == rows and within == pairs and pairs
             else 1)


main()
