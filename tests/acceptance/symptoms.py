#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What fioverdict said untruly of files users bring, each a check on a
real file (the corpus; tests/truth/runs, made here by real fio runs):
the right answer computed here from the raw file, never from fioverdict.

Usage: symptoms.py FIOVERDICT ACCEPTANCE_DIR TRUTH_RUNS FIXTURES WORK
Prints "symptoms: N passed, N failed"; exit status 1 when one failed.
"""
import glob
import json
import os
import shutil
import sys

from tally import Tally
from tally import rows as table_rows
from tally import run as run_bytes

T = Tally()
check = T.check


def run(fv, args):
    st, out, err = run_bytes(fv, args)
    return st, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def rows(out, table):
    try:
        return table_rows(json.loads(out), table)
    except ValueError:
        return []


def raw_json(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return json.loads(text[text.index("{"):])


def fleets(fv, corpus):
    """Two client runs of the same hosts are runs of those hosts, not more
    hosts; a fleet's row is its newest run's hosts, as fio's own "All
    clients" of that run sums them."""
    folder = os.path.join(corpus, "fio-client", "NiccoloTosato-ceph-experiments")
    files = sorted(glob.glob(os.path.join(folder, "**", "read_*.json"),
                             recursive=True))
    docs = [raw_json(f) for f in files]
    newest = max(docs, key=lambda d: d["timestamp"])
    hosts = {c["hostname"] for d in docs for c in d["client_stats"]
             if c["jobname"] != "All clients"}
    all_clients = [c["read"]["iops"] for c in newest["client_stats"]
                   if c["jobname"] == "All clients"][0]
    st, out, err = run(fv, ["hosts", "-f", "json"] + files)
    rs = rows(out, "hosts")
    shown = {r["host"] for r in rs if r["host"] != "fleet"}
    check(shown == hosts, "fleets: hosts %s, the files' %s" % (
        sorted(shown), sorted(hosts)))
    fleet = [r["iops"] for r in rs if r["host"] == "fleet"]
    check(len(fleet) == 1 and abs(fleet[0] - all_clients) <=
          0.005 * all_clients,
          "fleets: fleet row %s IOPS, fio's All clients of the newest run "
          "%.1f" % (fleet, all_clients))


def fleets_of_ports(fv, fixtures, work):
    """The same two servers reached on other ports in two runs (fio's
    client JSON of fio 3.41 and 3.42, made here by real runs: each
    server's "port" the one the client used that time): two hosts, and the
    fleet's row the newest run's, as its "All clients" says (112k, not the
    four "hosts" summed, 172k)."""
    d = os.path.join(work, "two-runs")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    docs = []
    for v in ("3.41", "3.42"):
        src = os.path.join(fixtures, "versions", v, "client.json")
        shutil.copy(src, os.path.join(d, "client-%s.json" % v))
        docs.append(raw_json(src))
    newest = max(docs, key=lambda x: x["timestamp"])
    want = [c["write"]["iops"] for c in newest["client_stats"]
            if c["jobname"] == "All clients"][0]
    names = {c["hostname"] for x in docs for c in x["client_stats"]
             if c["jobname"] != "All clients"}
    st, out, err = run(fv, ["hosts", "-f", "json", d])
    rs = rows(out, "hosts")
    shown = {r["host"] for r in rs if r["host"] != "fleet"}
    fleet = [r["iops"] for r in rs if r["host"] == "fleet"]
    check(shown == names, "fleet of two runs: hosts %s, the servers %s" % (
        sorted(shown), sorted(names)))
    check(len(fleet) == 1 and abs(fleet[0] - want) <= 0.005 * want,
          "fleet of two runs: %s IOPS, the newest run's All clients %.0f"
          % (fleet, want))


def group_threads(fv, corpus):
    """fio text's "(groupid=0, jobs=8)" is numjobs under group_reporting:
    the test's T in matrix."""
    f = os.path.join(corpus, "fio-text", "IBM-DPFS", "experiments", "results",
                     "systor23", "nfs", "fio_randread_4k_128_8.out")
    with open(f, encoding="utf-8") as fh:
        jobs = [int(l.split("jobs=")[1].split(")")[0]) for l in fh
                if "(groupid=" in l and "jobs=" in l]
    st, out, err = run(fv, ["matrix", "-f", "json", "--metric", "iops", f])
    cols = [c["key"] for t in json.loads(out)["tables"] for c in t["columns"]]
    want = "T%d" % jobs[0]
    check(jobs and any(want.lower() in c.lower() for c in cols),
          "jobs=%s: no matrix column of %s in %s" % (jobs, want, cols))


def held_to_rate(fv, corpus):
    """A job held to its own rate and reaching it: held-to-rate, not
    load-bound, no depth of a cap."""
    f = glob.glob(os.path.join(corpus, "fio-json",
                               "stonet-research-systor-confznsplusplus-artifact",
                               "**", "data-trim_*.json"), recursive=True)[0]
    d = raw_json(f)
    job = [j for j in d["jobs"] if "rate" in j["job options"]][0]
    want = float(job["job options"]["rate"].split(",")[1])
    got = job["write"]["bw_bytes"]
    st, out, err = run(fv, ["verdict", "-f", "json", "--all", f])
    v = [r for r in rows(out, "verdict")
         if r["job"] == job["jobname"] and r["check"] == "load"]
    check(got >= 0.95 * want and v and v[0]["verdict"] == "held-to-rate",
          "rate: %s asked %.0f B/s, made %.0f: verdict %s" % (
              job["jobname"], want, got, [r["verdict"] for r in v]))


def runs_of(folder, files):
    for i, f in enumerate(files, 1):
        d = os.path.join(folder, "run-%d" % i)
        os.makedirs(d)
        for x in glob.glob(os.path.join(f, "*")):
            shutil.copy(x, d)


def gate(fv, truth, work):
    """diff takes one folder per run on both sides, pooled; --baseline is
    required. The truth runs aab_4..8 (A) and abb_1..5 (B, the read job
    held to three quarters of A's median) were made by real fio runs
    here (tests/truth/gen.sh)."""
    base, new = os.path.join(work, "base"), os.path.join(work, "new")
    for d in (base, new):
        shutil.rmtree(d, ignore_errors=True)
    runs_of(base, [os.path.join(truth, "aab_%d" % i) for i in range(4, 9)])
    runs_of(new, [os.path.join(truth, "abb_%d" % i) for i in range(1, 6)])
    st, out, err = run(fv, ["diff", "-f", "json", "--baseline", base, new])
    rs = [r for r in rows(out, "diff") if r["check"] == "regression"]
    read = [r for r in rs if "randread" in r["job"]]
    check(len(read) == 1 and read[0].get("n_base") == 5 and
          read[0].get("n_new") == 5 and read[0]["verdict"] == "regression",
          "diff of one folder per run: %s" % [(r["label"], r["job"],
                                                r.get("n_base"),
                                                r.get("n_new"),
                                                r["verdict"]) for r in rs])
    check(len({r["label"] for r in rs}) == 1,
          "diff: the new runs one label, not one each: %s"
          % sorted({r["label"] for r in rs}))
    st, out, err = run(fv, ["diff", new])
    check(st == 64 and "--baseline" in err,
          "diff without --baseline: exit %d (%s)" % (st, err.strip()[:200]))


def peak_and_steady(fv, acc, work):
    """A peak and a steady test of one profile (LABEL_TEST_TIME names) are
    two tests in diff and history too, never one sample of two runs."""
    src = os.path.join(acc, "corpus", "diskspd", "microsoft-VirtualClient",
                       "Results_DiskSpd.xml")
    for side in ("a", "b"):
        d = os.path.join(work, "ps-" + side)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        shutil.copy(src, os.path.join(d, "vm_peak_randrw_20260101-000000.xml"))
        shutil.copy(src, os.path.join(d,
                                      "vm_steady_randrw_20260101-000500.xml"))
    st, out, err = run(fv, ["diff", "-f", "json", "--baseline",
                            os.path.join(work, "ps-a"),
                            os.path.join(work, "ps-b")])
    rs = [r for r in rows(out, "diff") if r["check"] == "regression"]
    check(len(rs) == 2 and all(r.get("n_base") == 1 and r.get("n_new") == 1
                               for r in rs),
          "diff: peak and steady pooled: %s" % [(r["job"], r.get("n_base"),
                                                 r.get("n_new")) for r in rs])


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    fv, acc, truth, fixtures, work = sys.argv[1:]
    corpus = os.path.join(acc, "corpus")
    os.makedirs(work, exist_ok=True)
    fleets(fv, corpus)
    fleets_of_ports(fv, fixtures, work)
    group_threads(fv, corpus)
    held_to_rate(fv, corpus)
    gate(fv, truth, work)
    peak_and_steady(fv, acc, work)
    sys.exit(T.report("symptoms"))


if __name__ == "__main__":
    main()
