#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
The Windows placement suite's two forms, held together, and DiskSpd's
side of the fixture check-jobfiles-windows reads.

  windows.py same FIO DISKSPD
      every job of FIO (windows/placement.fio) has its DiskSpd line in
      DISKSPD (placement.diskspd), in the same order and under the same
      name, whose arguments are exactly the job's options in DiskSpd's
      terms (placement.diskspd's header says which are which); prints
      "ok ..." or "FAIL ..." lines.

  windows.py xml FIO DISKSPD OUTDIR LABEL COMPUTER DRIVE TIME
      the XML files run-placement.ps1 -Tool diskspd -Quick writes on
      COMPUTER for DRIVE: LABEL_TEST_TIME.xml for each line but the
      warm-up, in DiskSpd 2.2's -Rxml format with each line's profile and
      made figures that hold together (thread counts sum to the totals,
      -D's buckets to the counts); the figures follow Little's law at a
      made latency, with a 20k IOPS and 150 MiB/s cap: no real disk's.
"""
import os
import re
import sys

# the shared helpers of tests/lib, leaving no bytecode in the tree
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
import diskspd_xml  # noqa: E402


def fio_jobs(path):
    """[(name, options)] with [global]'s options under each job's."""
    glob, jobs, cur = {}, [], None
    for line in open(path):
        line = line.strip()
        if not line or line[0] in ";#":
            continue
        m = re.match(r"^\[(.+)\]$", line)
        if m:
            cur = glob if m.group(1) == "global" else {}
            if cur is not glob:
                jobs.append((m.group(1), cur))
            continue
        key, _, value = line.partition("=")
        cur[key.strip()] = value.strip() if _ else "1"
    return [(name, dict(glob, **opts)) for name, opts in jobs]


def declared(path, quick=True):
    """The #@ lines: VAR -> quick value (or full)."""
    out = {}
    for line in open(path):
        m = re.match(r"^#@ ([A-Z_]+)=(\S*)\s*(?:quick=(\S*))?", line)
        if m:
            out[m.group(1)] = (m.group(3) if quick and m.group(3)
                               else m.group(2))
    return out


def diskspd_lines(path):
    out = []
    for line in open(path):
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        name, rest = line.split(None, 1)
        out.append((name, rest.split()))
    return out


def size_arg(fio_size):
    """fio's 4k -> DiskSpd's 4K."""
    m = re.match(r"^(\d+)([kmgt]?)$", fio_size, re.I)
    return m.group(1) + m.group(2).upper() if m else None


def expected_args(opts, first):
    """A fio job's options as DiskSpd's arguments."""
    rw = opts.get("rw")
    want = {"randread": ["-r", "-w0"], "randwrite": ["-r", "-w100"],
            "read": ["-s", "-w0"], "write": ["-s", "-w100"]}.get(rw)
    if want is None:
        return None, "rw=%s has no DiskSpd line here" % rw
    want = list(want)
    want.append("-b" + size_arg(opts["bs"]))
    want.append("-o" + opts.get("iodepth", "1"))
    want.append("-t" + opts.get("numjobs", "1"))
    want.append("-d" + opts["runtime"])
    want.append("-W" + opts.get("ramp_time", "0"))
    if first:
        want.append("-c" + opts["size"])
    if opts.get("direct") != "1":
        return None, "direct=%s: DiskSpd runs unbuffered here" % \
            opts.get("direct")
    want.append("-Sh" if opts.get("fsync") == "1" else "-Su")
    if "write_iops_log" in opts:
        want.append("-D" + opts.get("log_avg_msec", "500"))
    want += ["-L", "-Z1M", "-Rxml"]
    return want, None


def same(fio_path, dspd_path):
    jobs, lines = fio_jobs(fio_path), diskspd_lines(dspd_path)
    fails = 0
    if [n for n, _ in jobs] != [n for n, _ in lines]:
        print("FAIL the tests of %s are not the jobs of %s, in order: %s"
              " against %s" % (dspd_path, fio_path, [n for n, _ in lines],
                               [n for n, _ in jobs]))
        return 1
    for i, ((name, opts), (_, args)) in enumerate(zip(jobs, lines)):
        want, why = expected_args(opts, i == 0)
        if why:
            print("FAIL %s: %s" % (name, why))
            fails += 1
        elif sorted(want) != sorted(args):
            print("FAIL %s: DiskSpd %s, the fio job says %s (missing %s, "
                  "extra %s)" % (name, " ".join(args), " ".join(want),
                                 sorted(set(want) - set(args)),
                                 sorted(set(args) - set(want))))
            fails += 1
        else:
            print("ok   %s: %s" % (name, " ".join(args)))
    return 1 if fails else 0


def seconds(v):
    m = re.match(r"^(\d+)(s|m|h)?$", v)
    return int(m.group(1)) * {"s": 1, "m": 60, "h": 3600, None: 1}[m.group(2)]


def profile(args, values):
    """A DiskSpd line's arguments, ${VAR} given, as a profile."""
    p = {"random": False, "w": 0, "wt": False, "bucket": 0}
    for a in args:
        a = re.sub(r"\$\{([A-Z_]+)\}", lambda m: values[m.group(1)], a)
        if a == "-r":
            p["random"] = True
        elif a.startswith("-b"):
            p["b"] = {"K": 1024, "M": 1 << 20}[a[-1]] * int(a[2:-1])
        elif a.startswith("-w"):
            p["w"] = int(a[2:])
        elif a.startswith("-o"):
            p["o"] = int(a[2:])
        elif a.startswith("-t"):
            p["t"] = int(a[2:])
        elif a.startswith("-d"):
            p["d"] = seconds(a[2:])
        elif a.startswith("-W"):
            p["W"] = seconds(a[2:])
        elif a == "-Sh":
            p["wt"] = True
        elif a.startswith("-D"):
            p["bucket"] = int(a[2:])
    return p


def made_xml(p, computer, path):
    """DiskSpd 2.2's -Rxml for profile p on target path."""
    inflight = p["o"] * p["t"]
    lat_ms = (0.8 if p["w"] else 0.5) + 0.02 * inflight
    if p["wt"]:
        lat_ms += 1.5
    cap = 20000 if p["b"] <= 4096 else (150 << 20) // p["b"]
    iops = min(inflight * 1000.0 / lat_ms, cap)
    lat_ms = inflight * 1000.0 / iops  # Little's law at the cap
    wobble = [1.0, 0.97, 1.02, 0.99, 1.03, 0.98]
    buckets = [int(iops * wobble[i % 6]) for i in range(p["d"])]
    ios = sum(buckets)
    per = [ios // p["t"] + (1 if i < ios % p["t"] else 0)
           for i in range(p["t"])]
    kind = "Write" if p["w"] else "Read"
    out = [diskspd_xml.head(computer, "2026/09/30 10:15:00 UTC", p["d"],
                            p["W"], p["bucket"]),
           "            <Path>%s</Path>\n"
           "            <BlockSize>%d</BlockSize>\n" % (path, p["b"]),
           ("            <Random>%d</Random>\n" % p["b"]) if p["random"]
           else ("            <StrideSize>%d</StrideSize>\n"
                 "            <InterlockedSequential>false"
                 "</InterlockedSequential>\n" % p["b"]),
           "            <DisableOSCache>true</DisableOSCache>\n"
           "            <WriteThrough>%s</WriteThrough>\n"
           "            <WriteBufferContent>\n"
           "              <Pattern>random</Pattern>\n"
           "              <RandomDataSource>\n"
           "                <SizeInBytes>1048576</SizeInBytes>\n"
           "              </RandomDataSource>\n"
           "            </WriteBufferContent>\n"
           "            <RequestCount>%d</RequestCount>\n"
           "            <WriteRatio>%d</WriteRatio>\n"
           "            <ThreadsPerFile>%d</ThreadsPerFile>\n"
           "          </Target>\n        </Targets>\n      </TimeSpan>\n"
           "    </TimeSpans>\n  </Profile>\n" % (
               "true" if p["wt"] else "false", p["o"], p["w"], p["t"]),
           "  <TimeSpan>\n    <TestTimeSeconds>%.2f</TestTimeSeconds>\n"
           "    <ThreadCount>%d</ThreadCount>\n" % (p["d"], p["t"]),
           '    <Latency %sHistoBuckets="%d" TotalHistoBuckets="%d">\n'
           % (kind, ios, ios),
           "      <Average%sMilliseconds>%.3f</Average%sMilliseconds>\n"
           % (kind, lat_ms, kind)]
    for pct, f in ((0, .05), (50, .8), (99, 2.5), (99.9, 3.5), (100, 6)):
        out.append(diskspd_xml.latency_bucket(pct, kind, f * lat_ms))
    out.append("    </Latency>\n    <Iops>\n")
    for i, n in enumerate(buckets):
        out.append(diskspd_xml.iops_bucket((i + 1) * p["bucket"],
                                           0 if p["w"] else n,
                                           n if p["w"] else 0))
    out.append("    </Iops>\n")
    for t in range(p["t"]):
        n = per[t]
        out.append(diskspd_xml.thread(t, path, p["b"], 0 if p["w"] else n,
                                      n if p["w"] else 0))
    out.append(diskspd_xml.TAIL)
    return "".join(out)


def xml(fio_path, dspd_path, outdir, label, computer, drive, stamp):
    values = {}
    for k, v in declared(fio_path).items():
        values[k] = (size_arg(v) if k == "FV_SIZE" else
                     str(seconds(v)) if re.match(r"^\d+[smh]?$", v) else v)
    target = "%s:\\fioverdict\\fv.dat" % drive
    os.makedirs(outdir, exist_ok=True)
    for name, args in diskspd_lines(dspd_path):
        if name.startswith("warmup"):
            continue  # only fills the file: not kept (run-placement.ps1)
        path = os.path.join(outdir, "%s_%s_%s.xml" % (
            label, name.replace("_", "-"), stamp))
        with open(path, "w", newline="\r\n") as f:
            f.write(made_xml(profile(args, values), computer, target))
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "same":
        return same(sys.argv[2], sys.argv[3])
    if len(sys.argv) == 9 and sys.argv[1] == "xml":
        return xml(*sys.argv[2:])
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main())
