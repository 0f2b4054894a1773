#!/usr/bin/env python3
"""Medians and ratios of the guest's interleaved benchmark runs.

Reads FVNVME BENCH <config> <round> <iops> lines from a console log. The
emulated controller makes absolute IOPS meaningless; the ratios between
engines on the same namespace, run round by round, are what counts.
Exit 1 when a configuration has no valid run.
"""
import statistics
import sys

CONFIGS = [
    "randread_pt", "randread_iouring_cmd", "randread_uring_durable",
    "fsyncwrite_pt", "fsyncwrite_uring_durable",
]
RATIOS = [
    ("4k randread QD32: nvme_pt / io_uring_cmd", "randread_pt",
     "randread_iouring_cmd", 0.95),
    ("4k randread QD32: nvme_pt / uring_durable (block)", "randread_pt",
     "randread_uring_durable", None),
    ("4k randwrite fsync=1: nvme_pt / uring_durable (block)",
     "fsyncwrite_pt", "fsyncwrite_uring_durable", None),
]


def main(path):
    runs = {c: [] for c in CONFIGS}
    with open(path, errors="replace") as f:
        for line in f:
            parts = line.strip().split()
            if len(parts) == 5 and parts[:2] == ["FVNVME", "BENCH"]:
                try:
                    iops = float(parts[4])
                except ValueError:
                    continue
                if parts[2] in runs and iops > 0:
                    runs[parts[2]].append(iops)
    missing = [c for c in CONFIGS if not runs[c]]
    for c in CONFIGS:
        v = runs[c]
        med = statistics.median(v) if v else 0
        print(f"  {c:26s} median {med:9.0f} IOPS  runs "
              + " ".join(f"{x:.0f}" for x in v))
    if missing:
        print("bench-nvme: no valid run for " + ", ".join(missing))
        return 1
    for label, num, den, target in RATIOS:
        r = statistics.median(runs[num]) / statistics.median(runs[den])
        # runs of one round ran back to back: their ratio cancels drift
        paired = statistics.median(
            a / b for a, b in zip(runs[num], runs[den]))
        label += f" (paired per-round median {paired:.3f}x)"
        note = ""
        if target is not None:
            note = f"  (target >= {target}: " + (
                "met)" if r >= target else "MISSED)")
        print(f"  {label}: {r:.3f}x of medians{note}")
    print("bench-nvme: done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
