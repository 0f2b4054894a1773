#!/usr/bin/env python3
"""Writes CrystalDiskMark 7.0.0 exports holding the figures of a blog
post's tables (seed 004: six tables, Read/Write x MB/s, IOPS, us; one row
per VM and disk), one export per row, in a directory named by the row
(the label), as CrystalDiskMark 7 saves them: UTF-16LE with a BOM, CRLF.
Also writes the tables themselves (tables.md) for the test to compare
`fioverdict matrix` with.

Usage: mkcdm_seed004.py SEED.txt OUTDIR
"""
import os
import sys

seed, out = sys.argv[1], sys.argv[2]
tables = {}  # (dir, metric) -> (tests, {label: [values]})
order = []
cur = None
kept = []
for line in open(seed, encoding="utf-8"):
    line = line.rstrip("\n")
    if not line.startswith("|"):
        cur = None
        continue
    kept.append(line)
    cells = [c.strip() for c in line.strip("|").split("|")]
    if cells[0] in ("Read (MB/s)", "Read (IOPS)", "Read (us)",
                    "Write (MB/s)", "Write (IOPS)", "Write (us)"):
        d, m = cells[0].split(" ", 1)
        cur = (d, m)
        tables[cur] = (cells[1:], {})
        continue
    if cur is None or set(cells[0]) <= set("-"):
        continue
    tables[cur][1][cells[0]] = cells[1:]
    if cells[0] not in order:
        order.append(cells[0])

tests = tables[("Read", "(MB/s)")][0]


def cdm_name(t):
    # "Sequential 1MiB (Q=8, T=1)" -> CrystalDiskMark 7's padded form
    kind, blk, rest = t.split(" ", 2)
    q, th = rest.strip("()").split(", ")
    q, th = int(q[2:]), int(th[2:])
    return "%10s %s (Q=%3d, T=%2d):" % (kind, blk, q, th)


os.makedirs(out, exist_ok=True)
for i, label in enumerate(order):
    lines = ["-" * 78,
             "CrystalDiskMark 7.0.0 x64 (C) 2007-2019 hiyohiyo",
             "                                  Crystal Dew World: "
             "https://crystalmark.info/",
             "-" * 78,
             "* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]",
             "* KB = 1000 bytes, KiB = 1024 bytes", ""]
    for d in ("Read", "Write"):
        lines.append("[%s]" % d)
        for k, t in enumerate(tests):
            mb = float(tables[(d, "(MB/s)")][1][label][k])
            io = float(tables[(d, "(IOPS)")][1][label][k])
            us = float(tables[(d, "(us)")][1][label][k])
            lines.append("%s %9.3f MB/s [%9.1f IOPS] <%9.2f us>"
                         % (cdm_name(t), mb, io, us))
        lines.append("")
    lines += ["Profile: Default",
              "   Test: 4 GiB (x5) [Interval: 5 sec] <DefaultAffinity=DISABLED>",
              "   Date: 2020/03/%02d 10:00:00" % (i + 1),
              "     OS: Windows Server 2019 Datacenter [10.0 Build 17763] (x64)",
              ""]
    d = os.path.join(out, label)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "CDM_202003%02d100000.txt" % (i + 1)),
              "wb") as f:
        f.write(b"\xff\xfe" + "\r\n".join(lines).encode("utf-16-le"))
with open(os.path.join(out, "tables.md"), "w", encoding="utf-8") as f:
    f.write("\n".join(kept) + "\n")
