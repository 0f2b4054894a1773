#!/usr/bin/env python3
"""Checks of a fleet run against fio's own output.

fleet_check.py pct FIO_JSON SUMMARY_CSV JOB LABEL
    the percentiles fioverdict shows for the fleet's row (LABEL@fleet) and
    fio's "All clients" equal those computed here from every host's clat
    bins merged, by fio's rule (the bin at rank ceil(p/100 x N))
fleet_check.py flushes FIO_JSON HOSTS_CSV JOB
    each host's flushes (the engine's stats lines) equal fio's own count of
    syncs on that host
fleet_check.py stalled LOGDIR HOSTADDR RATE
    exit 0 when the host's IOPS log has a window below half RATE (the
    machine stalled the run), 1 otherwise
"""
import csv
import glob
import json
import math
import sys


def load(path):
    text = open(path).read()
    return json.loads(text[text.index("\n{") + 1:])


def fio_pct(bins, p):
    total = sum(bins.values())
    target = p / 100.0 * total
    run = 0
    for v in sorted(bins):
        run += bins[v]
        if run >= target:
            return v
    return None


def pct(fio_json, summary_csv, job, label):
    d = load(fio_json)
    merged = {}
    hosts = 0
    for e in d["client_stats"]:
        if e["jobname"] != job:
            continue
        hosts += 1
        for k, c in e["write"]["clat_ns"].get("bins", {}).items():
            merged[int(k)] = merged.get(int(k), 0) + c
    rows = list(csv.DictReader(open(summary_csv, newline="")))
    bad = []
    for want in ("%s@fleet" % label, "%s@All clients" % label):
        row = [r for r in rows if r["label"] == want]
        if not row:
            bad.append("no row %s" % want)
            continue
        for p in (50, 99, 99.9):
            key = "p%g (ns)" % p
            got = float(row[0][key])
            exp = fio_pct(merged, p)
            if exp is None or got != exp:
                bad.append("%s %s: fioverdict %s, from %d hosts' bins %s"
                           % (want, key, got, hosts, exp))
    print("\n".join(bad) if bad else "fleet percentiles of %d hosts = "
          "merged bins" % hosts)
    return 1 if bad or hosts < 2 else 0


def flushes(fio_json, hosts_csv, job):
    d = load(fio_json)
    rows = list(csv.DictReader(open(hosts_csv, newline="")))
    bad, n = [], 0
    for e in d["client_stats"]:
        if e["jobname"] != job:
            continue
        host = e["hostname"]  # shown without the port (select/fleets.c)
        row = [r for r in rows if r["host"] == host and r["job"] == job]
        got = float(row[0]["flushes (count)"]) if row and row[0]["flushes (count)"] else None
        exp = e["sync"]["total_ios"]
        n += 1
        if got != exp:
            bad.append("%s: flushes %s, fio's syncs %s" % (host, got, exp))
    print("\n".join(bad) if bad else "flushes of %d hosts = fio's syncs" % n)
    return 1 if bad or not n else 0


def stalled(logdir, host, rate):
    for path in glob.glob("%s/*_iops.*.log.%s" % (logdir, host)):
        vals = []
        for line in open(path):
            f = line.split(",")
            if len(f) >= 2:
                vals.append(float(f[1]))
        # the first and last windows are partial
        if any(v < float(rate) / 2 for v in vals[1:-1]):
            return 0
    return 1


def main():
    what = sys.argv[1]
    if what == "pct":
        return pct(*sys.argv[2:6])
    if what == "flushes":
        return flushes(*sys.argv[2:5])
    if what == "stalled":
        return stalled(*sys.argv[2:5])
    return 2


if __name__ == "__main__":
    sys.exit(main())
