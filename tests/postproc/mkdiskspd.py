#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
DiskSpd results in the shapes no real sample here has: text of 2.1 and
2.2, written with ResultParser.cpp's own formats (its _Print calls,
version by version), and 2.2 XML with -D's buckets (XmlResultParser.cpp),
with figures that hold together: thread rows sum to the total row, Total
IO is Read IO and Write IO summed, MiB/s and I/O per s are the counts over
the measured seconds, the buckets sum to the counts. Writes the made
fixtures into OUTDIR.

Usage: mkdiskspd.py OUTDIR
"""
import os
import sys

# the shared helpers of tests/lib, leaving no bytecode in the tree
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
import diskspd_xml  # noqa: E402

PCTS = [("25th", .25), ("50th", .5), ("75th", .75), ("90th", .9),
        ("95th", .95), ("99th", .99), ("3-nines", .999), ("4-nines", .9999),
        ("5-nines", .99999), ("6-nines", .999999), ("7-nines", .9999999),
        ("8-nines", .99999999), ("9-nines", .999999999)]


def size(n):
    """_DisplayFileSize: 4KiB, 1MiB, 1.50KiB, or bytes."""
    for shift, name in ((40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")):
        unit = 1 << shift
        if n >= unit:
            if n % unit == 0:
                return "%d%s" % (n // unit, name)
            return "%.2f%s" % (n / unit, name)
    return "%d" % n


def profile(ts, v):
    """_PrintTimeSpan and _PrintTarget, 2.1 and 2.2 alike."""
    out = ["\ttimespan: %3d\n" % ts["n"], "\t-------------\n",
           "\tduration: %ds\n" % ts["duration"],
           "\twarm up time: %ds\n" % ts["warmup"],
           "\tcool down time: 0s\n"]
    if ts["latency"]:
        out.append("\tmeasuring latency\n")
    if ts.get("bucket_ms"):
        out.append("\tgathering IOPS at intervals of %dms\n" % ts["bucket_ms"])
    out.append("\trandom seed: 0\n")
    pool = ts.get("pool", 0)
    if pool:
        out.append("\tthread pool with %d threads\n" % pool)
        out.append("\tnumber of outstanding I/O operations per thread: %d\n"
                   % ts["o"])
    for t in ts["targets"]:
        out.append("\tpath: '%s'\n" % t["path"])
        out.append("\t\tthink time: 0ms\n\t\tburst size: 0\n")
        if t["cache"] == "h":
            out.append("\t\tsoftware cache disabled\n")
            out.append("\t\thardware write cache disabled, writethrough on\n")
        else:
            out.append("\t\tusing software cache\n")
            out.append("\t\tusing hardware write cache, writethrough off\n")
        w = t["w"]
        out.append("\t\tperforming read test\n" if w == 0 else
                   "\t\tperforming write test\n" if w == 100 else
                   "\t\tperforming mix test (read/write ratio: %d/%d)\n"
                   % (100 - w, w))
        out.append("\t\tblock size: %s\n" % size(t["b"]))
        if t["random"]:
            out.append("\t\tusing random I/O (alignment: %s)\n" % size(t["b"]))
        else:
            out.append("\t\tusing sequential I/O (stride: %s)\n"
                       % size(t["b"]))
        if not pool:
            out.append("\t\tnumber of outstanding I/O operations per thread:"
                       " %d\n" % ts["o"])
            out.append("\t\tthreads per file: %d\n" % t["t"])
            out.append("\t\tusing I/O Completion Ports\n")
        out.append("\t\tIO priority: normal\n")
    out.append("\n")
    return "".join(out)


def sysinfo(host, when):
    return ("System information:\n\n\tcomputer name: %s\n"
            "\tstart time: %s\n\n\tcpu count:\t\t4\n\tcore count:\t\t2\n"
            "\tgroup count:\t\t1\n\tnode count:\t\t1\n\tsocket count:\t\t1\n"
            "\theterogeneous cores:\tn\n\n\tactive power scheme:\tBalanced"
            " (381b4222-f694-41f0-9685-ff5bb260df2e)\n" % (host, when))


def section(rows, secs, lat, dstd, avgs):
    """_PrintSection: rows are (thread, bytes, ios, path, filesize)."""
    hdr = ("thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s"
           " %s%s%s|  file\n" % ("|  AvgLat  " if lat else "",
                                 "| IopsStdDev " if dstd else "",
                                 "| LatStdDev " if lat else ""))
    border = ("-" * 66 + ("-" * 11 if lat else "") + ("-" * 13 if dstd else "")
              + ("-" * 12 if lat else "") + "-" * 12 + "\n")
    out = [hdr, border]

    def tail(ios, avg):
        s = ""
        if lat:
            # MSVC's printf of 0/0
            s += " | %8.3f" % avg if ios else " | %8s" % "-nan(ind)"
        if dstd:
            s += " | %10.2f" % (ios / secs * 0.04)
        if lat:
            s += " |  %8.3f" % (avg * 0.3) if ios else " |       N/A"
        return s

    tb = ti = 0
    for (th, b, n, path, fsize), avg in zip(rows, avgs):
        out.append("%6u | %15u | %12u | %10.2f | %10.2f" %
                   (th, b, n, b / 1048576 / secs, n / secs) + tail(n, avg) +
                   " | %s (%s)\n" % (path, size(fsize)))
        tb += b
        ti += n
    out.append(border)
    mean = (sum(a * r[2] for a, r in zip(avgs, rows)) / ti) if ti else 0
    out.append("total:   %15u | %12u | %10.2f | %10.2f" %
               (tb, ti, tb / 1048576 / secs, ti / secs) + tail(ti, mean) +
               "\n")
    return "".join(out)


def chart(read_base, write_base):
    out = ["  %-ile |  Read (ms) | Write (ms) | Total (ms)\n",
           "-" * 46 + "\n"]

    def val(base, q):
        return "N/A" if base is None else "%.3f" % (base * (1 + 9 * q ** 8))

    def tot(q):
        # not the merged histogram's, but between the two, as it would be
        return max(b * (1 + 9 * q ** 8) for b in (read_base, write_base)
                   if b is not None)
    rows = [("    min", 0.0)] + [("%7s" % n, q) for n, q in PCTS] + \
        [("    max", 1.0)]
    for name, q in rows:
        out.append("%s | %10s | %10s | %10.3f\n" %
                   (name, val(read_base, q), val(write_base, q), tot(q)))
    return "".join(out)


def result(n, ts, threads, secs, v, per_thread):
    """per_thread: [(thread, path, fsize, rbytes, rios, wbytes, wios)]."""
    lat, dstd = ts["latency"], bool(ts.get("bucket_ms"))
    out = ["\nResults for timespan %d:\n" % n, "*" * 79 + "\n", "\n",
           "actual test time:\t%.2fs\n" % secs,
           "thread count:\t\t%d\n" % threads]
    if ts.get("pool"):
        out.append("request count:\t\t%d\n" % ts["o"])
    out.append("\nCPU |  Usage |  User  | Kernel |  Idle\n" + "-" * 40 + "\n")
    for cpu in range(4):
        out.append("%4u| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%\n" %
                   (cpu, 20.0 + cpu, 5.0, 15.0 + cpu, 80.0 - cpu))
    out.append("-" * 40 + "\n")
    out.append("avg.| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%\n" %
               (21.5, 5.0, 16.5, 78.5))
    ravg = [1.25 + 0.01 * i for i in range(len(per_thread))]
    wavg = [2.5 + 0.01 * i for i in range(len(per_thread))]
    tot_rows = [(p[0], p[3] + p[5], p[4] + p[6], p[1], p[2])
                for p in per_thread]
    tavg = [(r * p[4] + w * p[6]) / max(p[4] + p[6], 1)
            for r, w, p in zip(ravg, wavg, per_thread)]
    out.append("\nTotal IO\n" + section(tot_rows, secs, lat, dstd, tavg))
    out.append("\nRead IO\n" + section(
        [(p[0], p[3], p[4], p[1], p[2]) for p in per_thread],
        secs, lat, dstd, ravg))
    out.append("\nWrite IO\n" + section(
        [(p[0], p[5], p[6], p[1], p[2]) for p in per_thread],
        secs, lat, dstd, wavg))
    if lat:
        has_r = any(p[4] for p in per_thread)
        has_w = any(p[6] for p in per_thread)
        paths = sorted({p[1] for p in per_thread})
        if len(paths) > 1:
            for path in paths:
                out.append(("\nLatency distribution: %s\n" if v == "2.2"
                            else "\n%s\n") % path)
                out.append(chart(0.9 if has_r else None,
                                 1.9 if has_w else None))
        out.append("\nTotal latency distribution:\n" if v == "2.2"
                   else "\ntotal:\n")
        out.append(chart(1.0 if has_r else None, 2.0 if has_w else None))
    return "".join(out)


def run(cmd, v, host, when, timespans):
    out = ["\nCommand Line: %s\n" % cmd, "\n", "Input parameters:\n\n"]
    for ts in timespans:
        out.append(profile(ts, v))
    out.append(sysinfo(host, when))
    for ts in timespans:
        out.append(result(ts["n"], ts, ts["threads"], ts["secs"], v,
                          ts["rows"]))
    return "".join(out)


def rows_for(paths, threads, bs, secs, iops, w):
    """Each thread's rows on each target: counts near iops in all."""
    rows = []
    each = iops * secs / (threads * len(paths))
    for th in range(threads):
        for k, path in enumerate(paths):
            ios = int(each * (1 + 0.003 * th - 0.002 * k))
            wios = ios * w // 100
            rios = ios - wios
            rows.append((th, path, 8 << 30, rios * bs, rios, wios * bs, wios))
    return rows


def made_22():
    ts = dict(n=1, duration=60, warmup=5, latency=True, bucket_ms=1000, o=32,
              targets=[dict(path="E:\\fv\\test.dat", cache="h", w=0,
                            b=4096, random=True, t=4)],
              threads=4, secs=60.01)
    ts["rows"] = rows_for(["E:\\fv\\test.dat"], 4, 4096, ts["secs"], 20000, 0)
    return run("diskspd.exe -b4K -r -w0 -o32 -t4 -d60 -W5 -Sh -L -D "
               "E:\\fv\\test.dat", "2.2", "fv-win22", "2026/11/30 09:12:03 UTC",
               [ts])


def made_21_pool():
    """2.1, -F2 over two targets, two timespans, then a second run."""
    paths = ["D:\\a.dat", "D:\\b.dat"]

    def tspan(n, w, b, rnd, iops, secs):
        t = dict(n=n, duration=30, warmup=2, latency=True, pool=2, o=8,
                 targets=[dict(path=p, cache="h", w=w, b=b, random=rnd, t=1)
                          for p in paths], threads=2, secs=secs)
        t["rows"] = rows_for(paths, 2, b, secs, iops, w)
        return t
    first = run("diskspd.exe -c1G -F2 -o8 -b1M -w30 -si -d30 -W2 -Sh -L "
                "D:\\a.dat D:\\b.dat", "2.1", "fv-win21",
                "2026/11/29 18:00:41 UTC",
                [tspan(1, 30, 1 << 20, False, 180, 30.00),
                 tspan(2, 30, 1 << 20, False, 175, 30.01)])
    second = run("diskspd.exe -c1G -F2 -o8 -b8K -r -w100 -d30 -W2 -Sh -L "
                 "D:\\a.dat D:\\b.dat", "2.1", "fv-win21",
                 "2026/11/29 18:02:30 UTC",
                 [tspan(1, 100, 8192, True, 6400, 30.02)])
    totals = ("\n\nTotals:\n" + "*" * 79 + "\n\n"
              "type   |       bytes     |     I/Os     |    MiB/s   |  I/O per s\n"
              + "-" * 79 + "\n"
              "write  |      4830789632 |         4607 |      76.75 |      76.75\n"
              "read   |     11274289152 |        10752 |     179.11 |     179.11\n"
              + "-" * 79 + "\n"
              "total  |     16105078784 |        15359 |     255.86 |     255.86\n"
              "\ntotal test time:\t60.01s\n")
    # two runs appended to one file (">>")
    return first + totals + second


def interrupted():
    """Two timespans, the first stopped before it measured."""
    path = "E:\\fv\\test.dat"

    def tspan(n):
        t = dict(n=n, duration=20, warmup=0, latency=False, o=4,
                 targets=[dict(path=path, cache="u", w=100, b=65536,
                               random=False, t=1)], threads=1, secs=20.00)
        t["rows"] = rows_for([path], 1, 65536, 20.00, 900, 100)
        return t
    text = run("diskspd.exe -b64K -w100 -o4 -t1 -d20 E:\\fv\\test.dat",
               "2.2", "fv-win22", "2026/11/30 10:00:00 UTC",
               [tspan(1), tspan(2)])
    head, tail = text.split("\nResults for timespan 2:", 1)
    first = head.index("\nResults for timespan 1:")
    return (head[:first] + "\nResults for timespan 1:\n" + "*" * 79 + "\n"
            "The test was interrupted before the measurements began. No "
            "results are displayed.\n" + "\nResults for timespan 2:" + tail)


def xml_22(buckets, host, qd=32):
    """-b4K -r -oQD -t4 -d60 -W5 -Sh -L -D on one target, 2.2's XML:
    buckets are each second's read IO/s, from which the counts are."""
    ios = sum(buckets)
    secs = len(buckets)
    per = [ios // 4 + (1 if t < ios % 4 else 0) for t in range(4)]
    mean = qd * 4 * 1000.0 * secs / ios
    out = [diskspd_xml.head(host, "2026/11/30 11:00:00 UTC", secs, 5, 1000),
           "            <Path>E:\\fv\\test.dat</Path>\n"
           "            <BlockSize>4096</BlockSize>\n"
           "            <Random>4096</Random>\n"
           "            <DisableOSCache>true</DisableOSCache>\n"
           "            <WriteThrough>true</WriteThrough>\n"
           "            <RequestCount>%d</RequestCount>\n"
           "            <WriteRatio>0</WriteRatio>\n"
           "            <ThreadsPerFile>4</ThreadsPerFile>\n"
           "          </Target>\n        </Targets>\n      </TimeSpan>\n"
           "    </TimeSpans>\n  </Profile>\n" % qd,
           "  <TimeSpan>\n    <TestTimeSeconds>%.2f</TestTimeSeconds>\n"
           "    <ThreadCount>4</ThreadCount>\n" % secs,
           '    <Latency ReadHistoBuckets="%d" WriteHistoBuckets="0" '
           'TotalHistoBuckets="%d">\n' % (ios, ios),
           "      <AverageReadMilliseconds>%.3f</AverageReadMilliseconds>\n"
           % mean]
    # around the mean that Little's law gives for qd x 4 I/Os in flight
    for p, ms in ((0, .05 * mean), (50, .8 * mean), (99, 2.5 * mean),
                  (99.9, 3.5 * mean), (100, 6 * mean)):
        out.append(diskspd_xml.latency_bucket(p, "Read", ms))
    out.append("    </Latency>\n    <Iops>\n")
    for i, r in enumerate(buckets):
        out.append(diskspd_xml.iops_bucket((i + 1) * 1000, r, 0))
    out.append("    </Iops>\n")
    for t in range(4):
        out.append(diskspd_xml.thread(t, "E:\\fv\\test.dat", 4096, per[t], 0))
    out.append(diskspd_xml.TAIL)
    return "".join(out)


def write(path, text, utf16=False, crlf=False):
    if crlf:
        text = text.replace("\n", "\r\n")
    with open(path, "wb") as f:
        if utf16:
            f.write(b"\xff\xfe" + text.encode("utf-16-le"))
        else:
            f.write(text.encode("utf-8"))


def main():
    """OUTDIR/diskspd-text (whole), -text-edge (read with warnings) and
    -text-bad (not read)."""
    out = sys.argv[1]
    whole, edge, bad = (os.path.join(out, "diskspd-text" + s)
                        for s in ("", "-edge", "-bad"))
    for d in (whole, edge, bad):
        os.makedirs(d, exist_ok=True)
    v22 = made_22()
    write(os.path.join(whole, "diskspd-2.2-rnd4k-q32t4-made.txt"), v22)
    # PowerShell's "> file" writes UTF-16LE with a BOM, CRLF
    write(os.path.join(whole, "diskspd-2.1-pool-two-runs-made.txt"),
          made_21_pool(), utf16=True, crlf=True)
    write(os.path.join(edge, "interrupted.txt"), interrupted())
    # cut in the Write IO table, after its second thread row
    w = v22.index("\nWrite IO\n")
    cut = v22.index("\n", v22.index("     1 |", w)) + 1
    write(os.path.join(bad, "cut.txt"), v22[:cut])
    # a Read IO thread row's bytes garbled: its rows no longer sum
    r = v22.index("\nRead IO\n")
    garbled = v22[:r] + v22[r:].replace("1232691200", "1232691300", 1)
    write(os.path.join(bad, "garbled.txt"), garbled)
    # -D: a disk's burst credits run out 20 s in (3,800 then 500 IO/s, as
    # a P10 bursts and falls back), and one that holds its rate; each
    # second off by a few percent, as a real disk's are
    wobble = [1.0, 0.97, 1.02, 0.99, 1.03, 0.98]
    series = os.path.join(out, "diskspd-series")
    os.makedirs(series, exist_ok=True)
    falls = [int((3800 if i < 20 else 500) * wobble[i % 6])
             for i in range(60)]
    holds = [int(2400 * wobble[i % 6]) for i in range(60)]
    for label, name, b in (("p10", "burst-ends.xml", falls),
                           ("p30", "sustained.xml", holds)):
        os.makedirs(os.path.join(series, label), exist_ok=True)
        write(os.path.join(series, label, name), xml_22(b, "fv-" + label))
    # -o1 to -o32 on a disk held to 3,000 IOPS from -o4 on, one file a
    # depth: a QD sweep that the cap verdict reads as fio's
    sweep = os.path.join(out, "diskspd-sweep", "p30")
    os.makedirs(sweep, exist_ok=True)
    for qd, iops in ((1, 1000), (2, 2000), (4, 3000), (8, 3010), (16, 2990),
                     (32, 3005)):
        write(os.path.join(sweep, "qd%02d.xml" % qd),
              xml_22([int(iops * w) for w in wobble * 10], "fv-p30", qd))


if __name__ == "__main__":
    main()
