#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The answer key against what fioverdict says, file by file and folder by
folder (keys/README.md). A key was written from the raw file by someone
who had not seen fioverdict's code; fioverdict's JSON output is checked
against it:

  - every corpus file has a key, and every key a file;
  - each job of a result file (summary -f json --runs all of that file
    alone): its status (a failed job's figures n/a, its error kept), its
    runtime, IOPS and bandwidth per direction, to three digits;
  - each folder as a user gives it: no label of any table holds the
    results of two identities (machines or targets) the keys tell apart,
    and a run never spans two tool versions;
  - each finding a key requires is given (verdict --all --runs all), and
    none it forbids (verdict --all, by default and with --runs all).

Usage: keys.py FIOVERDICT KEYS WORK FOLDER...
Prints a line per folder and "keys: N passed, N failed"; exit status 1
when one failed. With --plant, a key's figure is changed first (read IOPS
of the first job of the first key x 1.5): the run must then fail, so the
comparison can fail.
"""
import glob
import hashlib
import json
import math
import os
import re
import sys

from tally import Tally, rows, run_json

T = Tally()
check = T.check


def near(got, want, whole_printed=False):
    """Three significant digits: within half a unit of the third. A
    figure the tool printed whole (fio's text prints IOPS=51 for 51.6: an
    integer, cut) has only the digits it has: within one."""
    if want is None:
        return True
    if got is None or (isinstance(got, float) and math.isnan(got)):
        return False
    if want == 0:
        return abs(got) < 1e-9
    if whole_printed and want == int(want) and abs(want) < 1000 and \
            abs(got - want) < 1:
        return True
    return abs(got - want) <= 0.005 * abs(want) + 1e-9


# ---- which row of fioverdict's is which job of the key ----

SIZE = {"B": 1, "KiB": 1024, "MiB": 1 << 20, "GiB": 1 << 30}
CDM_NAME = re.compile(r"^(SEQ|RND|Sequential|Random)\s+(\d+)(B|KiB|MiB)\s+"
                      r"\(Q=\s*(\d+),\s*T=\s*(\d+)\)")
DSPD_NAME = re.compile(r"^(SEQ|RND) (\d+)(B|KiB|MiB|GiB) Q(\d+) T(\d+) "
                       r"W(\d+)%")


def workload_of_row(r):
    """pattern, block, depth, threads of a DiskSpd or CDM row's name."""
    m = CDM_NAME.match(r["job"]) or DSPD_NAME.match(r["job"])
    if not m:
        return None
    return ("seq" if m.group(1) in ("SEQ", "Sequential") else "rand",
            int(m.group(2)) * SIZE[m.group(3)], int(m.group(4)),
            int(m.group(5)))


def workload_of_key(j):
    w = j.get("workload") or {}
    return (w.get("pattern"), w.get("block_bytes"), w.get("depth"),
            w.get("threads"))


def split_display(display):
    """"name#k (QD 32)" -> ("name", k): a clone's rank, and what tells
    two tests of one name in one label apart."""
    display = re.sub(r" \([^()]*\)$", "", display)
    m = re.match(r"^(.*)#(\d+)$", display)
    return (m.group(1), int(m.group(2))) if m else (display, None)


def fio_candidates(key, j, rs):
    """fioverdict's rows of key job j: its name (clone k: name#k), its
    host, its document (the runs of one test in time order)."""
    host = j.get("host")
    out = []
    for r in rs:
        name, clone = split_display(r["job"])
        if name != j["name"] and r["job"] != j["name"]:
            continue
        if r["job"] != j["name"] and clone is not None and \
                clone != j.get("occurrence", 0):
            continue
        if host and host != "All clients" and r.get("machine") != host:
            continue
        if host == "All clients" and r["job"] != "All clients" and \
                "All clients" not in (r.get("label") or ""):
            continue
        out.append(r)
    if key.get("documents", 1) > 1 and len(out) > 1:
        out.sort(key=lambda r: r.get("run") or 0)
        doc = j.get("doc", 0)
        return [out[doc]] if doc < len(out) else []
    return out


def other_candidates(j, rs):
    """By the workload the key and fioverdict's name give; a file that
    contradicts itself on its threads (its command line's -t and its
    result's thread count) by the rest."""
    want = workload_of_key(j)
    exact = [r for r in rs if workload_of_row(r) == want]
    return exact or [r for r in rs if workload_of_row(r) and
                     workload_of_row(r)[:3] == want[:3]]


# ---- a result file's jobs ----

def compare_job(folder, file, key, j, cands):
    what = "%s: job %s (doc %s, %s)" % (file, j["name"], j.get("doc", 0),
                                         j.get("host") or "no host")
    if not check(len(cands) > 0, "%s: no row of fioverdict's" % what,
                 folder, "jobs"):
        return
    failed_job = j.get("status") == "failed"
    for r in cands:
        check((r.get("error") or 0) != 0 if failed_job else
              not r.get("error"),
              "%s: status %s, fioverdict's error %s" % (
                  what, j.get("status"), r.get("error")),
              folder, "statuses")
    if failed_job:
        for r in cands:
            for k in ("read_iops", "read_bw", "write_iops", "write_bw"):
                check(r.get(k) is None, "%s: failed, yet %s = %s" % (
                    what, k, r.get(k)), folder, "figures")
        return
    if j.get("runtime_ms") is not None:
        got = [r.get("runtime") for r in cands]
        check(any(near(g, j["runtime_ms"]) for g in got),
              "%s: runtime %s ms, fioverdict's %s" % (
                  what, j["runtime_ms"], got), folder, "figures")
    for d in ("read", "write"):
        fig = j.get(d)
        if not fig:
            continue
        for k, col in (("iops", d + "_iops"), ("bw_bytes", d + "_bw")):
            if fig.get(k) is None:
                continue
            got = [r.get(col) for r in cands if r.get(col) is not None]
            printed = key.get("format") == "text" and k == "iops"
            check(any(near(g, fig[k], printed) for g in got),
                  "%s: %s %s %s, fioverdict's %s" % (
                      what, d, k, fig[k], got), folder, "figures")


def compare_file(fv, folder, path, key):
    doc = run_json(fv, ["summary", "-f", "json", "--runs", "all", path])
    rs = rows(doc, "summary")
    fio = key.get("tool") == "fio"
    for j in key.get("jobs", []):
        cands = fio_candidates(key, j, rs) if fio else \
            other_candidates(j, rs)
        compare_job(folder, key["file"], key, j, cands)


# ---- a folder as a user gives it ----

def source_keys(rs, keys_by_path):
    """fioverdict's row -> the key of its source file."""
    out = {}
    for r in rs:
        k = keys_by_path.get(os.path.realpath(r.get("source", "")))
        if k:
            out[id(r)] = k
    return out


def check_blends(fv, folder, path, keys_by_path):
    for cmd in ("summary",):
        doc = run_json(fv, [cmd, "-f", "json", path])
        rs = rows(doc, "summary")
        keyed = source_keys(rs, keys_by_path)
        ids = {}
        for r in rs:
            k = keyed.get(id(r))
            if k:
                ids.setdefault(r["label"], {}).setdefault(
                    k.get("identity"), set()).add(k["file"])
        for label, by in ids.items():
            check(len(by) <= 1,
                  "%s: label %r holds %d identities the keys tell apart: %s"
                  % (folder, label, len(by),
                     "; ".join("%s (%s)" % (i, ", ".join(sorted(f)[:2]))
                               for i, f in sorted(by.items(),
                                                  key=lambda x: str(x)))),
                  folder, "labels")
    doc = run_json(fv, ["summary", "-f", "json", "--runs", "all", path])
    rs = rows(doc, "summary")
    versions = {}
    for r in rs:
        versions.setdefault(r["label"], set()).add(r.get("fio_version"))
    for label, v in versions.items():
        if re.search(r" run \d+$", label):
            check(len(v) <= 1, "%s: run %r spans tool versions %s"
                  % (folder, label, sorted(map(str, v))), folder, "runs")


def finding_rows(fv, path, extra):
    """Verdict rows, each with the files its (label, job) may come from:
    a verdict row names no file, and one label may hold a read and a
    write test of one name (CrystalDiskMark's, a script's "Write")."""
    vdoc = run_json(fv, ["verdict", "-f", "json", "--all"] + extra + [path])
    sdoc = run_json(fv, ["summary", "-f", "json"] + extra + [path])
    src = {}
    for r in rows(sdoc, "summary"):
        real = os.path.realpath(r.get("source", ""))
        for job in (r["job"], split_display(r["job"])[0]):
            src.setdefault((r["label"], job), set()).add(real)
    # a sweep's row is named by its first job: "rr_qd1 (QD 1-32)"
    return [(src.get((v.get("label"), v.get("job")),
                     src.get((v.get("label"),
                              split_display(v.get("job") or "")[0]), set())),
             v) for v in rows(vdoc, "verdict")]


def job_matches(want, v):
    if want in ("*", None):
        return True
    job = v.get("job") or ""
    return job == want or split_display(job)[0] == want or \
        want in [x.strip() for x in job.split(",")]


def finding_matches(f, v):
    if f.get("check") and v.get("check") != f["check"]:
        return False
    if f.get("verdict") and v.get("verdict") != f["verdict"]:
        return False
    if f.get("says") and f["says"] not in (v.get("evidence") or ""):
        return False
    return True


def check_findings(fv, folder, path, keys_by_path):
    every = finding_rows(fv, path, ["--runs", "all"])
    shown = finding_rows(fv, path, [])
    for real, key in keys_by_path.items():
        for f in key.get("must", []):
            hit = any(real in s and job_matches(f.get("job"), v) and
                      finding_matches(f, v) for s, v in every)
            check(hit, "%s: %s: job %s: no %s %s finding (key: %s)"
                  % (folder, key["file"], f.get("job"), f.get("check"),
                     f.get("verdict") or f.get("says"), f.get("why")),
                  folder, "required findings")
        for f in key.get("must_not", []):
            # a row of one file only: of two, it may be the other's
            bad = [v for s, v in every + shown
                   if s == {real} and
                   v.get("outcome") in ("fail", "warn") and
                   job_matches(f.get("job"), v) and finding_matches(f, v)]
            check(not bad, "%s: %s: job %s: forbidden %s %s: %s (key: %s)"
                  % (folder, key["file"], f.get("job"), f.get("check"),
                     f.get("verdict") or repr(f.get("says")),
                     (bad[0].get("evidence") or "")[:200] if bad else "",
                     f.get("why")),
                  folder, "forbidden findings")


# ---- the corpus and its keys ----

def keys_of(keys_dir, folder_name):
    out = {}
    for k in glob.glob(os.path.join(keys_dir, folder_name, "**", "*.json"),
                       recursive=True):
        with open(k, encoding="utf-8") as f:
            out[os.path.relpath(k, keys_dir)[:-len(".json")]] = json.load(f)
    return out


def plant(keys):
    for rel in sorted(keys):
        for j in keys[rel].get("jobs", []):
            if (j.get("read") or {}).get("iops"):
                j["read"]["iops"] *= 1.5
                return rel
    return None


def folder_files(path):
    out = []
    for root, _, files in os.walk(path):
        for f in files:
            if f != "SOURCES.md":
                out.append(os.path.join(root, f))
    return out


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def by_content(keys_dir):
    """Every corpus file's key by the file's sha256: a folder laid out
    anew (the corpus's files flat in one folder) finds its keys so."""
    root = os.path.join(os.path.dirname(os.path.abspath(keys_dir)),
                        "corpus")
    out = {}
    for rel, k in keys_of(keys_dir, "").items():
        f = os.path.join(root, rel)
        if os.path.isfile(f):
            out.setdefault(sha256(f), k)
    return out


def check_folder(fv, keys_dir, path, planted, content):
    name = os.path.basename(path.rstrip("/"))
    parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if parent == "made":
        name = "made/" + name
    keys = keys_of(keys_dir, name)
    if planted:
        planted.append(plant(keys))
    files = folder_files(path)
    keyed = {}
    for f in files:
        rel = os.path.join(name, os.path.relpath(f, path))
        k = keys.get(rel) or content.get(sha256(f))
        check(k is not None, "%s: no key for %s" % (name, rel), name, "files")
        if k:
            keyed[os.path.realpath(f)] = k
    for rel in keys:
        check(os.path.exists(os.path.join(path, os.path.relpath(rel, name))),
              "%s: a key without its file: %s" % (name, rel))
    for real, k in sorted(keyed.items()):
        if k.get("result"):
            compare_file(fv, name, real, k)
    check_blends(fv, name, path, keyed)
    check_findings(fv, name, path, keyed)


def main():
    args = sys.argv[1:]
    planted = []
    if args[:1] == ["--plant"]:
        planted = [None]
        args = args[1:]
    if len(args) < 4:
        sys.exit(__doc__)
    fv, keys_dir, work = args[:3]
    os.makedirs(work, exist_ok=True)
    content = by_content(keys_dir)
    for path in args[3:]:
        check_folder(fv, keys_dir, path, planted, content)
    for name, c in sorted(T.counts.items()):
        print("keys %-14s %s" % (name, ", ".join(
            "%s %d" % (k, v) for k, v in sorted(c.items()))))
    if planted:
        print("keys, a figure planted (%s): %d checks failed"
              % (planted[-1], len(T.failed)))
        sys.exit(0 if any("read iops" in f for f in T.failed) else 1)
    sys.exit(T.report("keys"))


if __name__ == "__main__":
    main()
