#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The acceptance suite: every command of fioverdict, in every format, over
folders of real result files nobody here wrote (corpus/, each file with its
source and licence in its folder's SOURCES.md), and the invariants that make
the commands one product:

  - exit statuses as documented (expected.tsv: the folders whose inputs are
    broken exit 2, the others 0), report's as verdict's;
  - a report page always written, nothing left in the temporary folder;
  - every output valid UTF-8; JSON parses, JUnit parses, every test case
    has a name and every failure a message;
  - the same rows in text, md, csv, json and junit, the same findings
    counted alike (text's "N findings", json's rows, junit's failures);
  - one set of labels for every command, each (label, job) shown once, and
    no label holding two machines or two targets.

Usage: run.py [--plant ARG --expect TEXT] FIOVERDICT EXPECTED.tsv WORKDIR
              FOLDER...
Prints "acceptance: N passed, N failed"; exit status 1 when one failed.
With --plant, ARG is given to every table subcommand (a fault planted,
e.g. --label-by=dir on a folder of two machines), and the run passes only
when a check failed with TEXT in its message: the checks can fail.
"""
import json
import os
import re
import sys
import tempfile
import xml.etree.ElementTree as ET

from tally import Tally, run

TABLE_COMMANDS = ["summary", "compare", "latency", "scaling", "sweep",
                  "matrix", "verdict", "hosts", "timeline", "history"]
FORMATS = ["text", "md", "csv", "json", "junit"]
# Exit statuses fioverdict(1) documents for a table subcommand.
DOCUMENTED = {0, 1, 2, 64, 70, 73, 74}


T = Tally()
check = T.check
failed = T.failed
planted = []  # --plant: arguments given to every table subcommand


def utf8(data, what):
    try:
        data.decode("utf-8", "strict")
        return check(True, what)
    except UnicodeDecodeError as e:
        return check(False, "%s: not valid UTF-8 (%s)" % (what, e))


def expected_status(path):
    """folder -> expected exit status of the table subcommands."""
    want = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            folder, status = line.split("\t")[:2]
            want[folder] = int(status)
    return want


def json_rows(doc):
    """{table name: [rows]} of a fioverdict-report/1 document."""
    return {t["name"]: t["rows"] for t in doc.get("tables", [])}


def csv_rows(text):
    """Rows per table of fioverdict's csv: tables apart by a blank line,
    each with its header line; quoted fields may hold line ends."""
    import csv as csvmod
    import io
    tables, cur = [], None
    for rec in csvmod.reader(io.StringIO(text, newline="")):
        if not rec:
            cur = None
            continue
        if cur is None:
            cur = []
            tables.append(cur)
            continue  # the header
        cur.append(rec)
    return [len(t) for t in tables]


def md_rows(text):
    """Rows per table of fioverdict's md: lines '| ... |' after the
    '|---' line of each table."""
    counts, inside = [], False
    for line in text.splitlines():
        if line.startswith("|---") or line.startswith("| ---"):
            counts.append(0)
            inside = True
        elif inside and line.startswith("|"):
            counts[-1] += 1
        else:
            inside = False
    return counts


def check_json(out, what):
    try:
        doc = json.loads(out)
    except ValueError as e:
        check(False, "%s: not valid JSON (%s)" % (what, e))
        return None
    check(doc.get("schema") == "fioverdict-report/1",
          "%s: schema is %r" % (what, doc.get("schema")))
    for t in doc.get("tables", []):
        for c in t.get("columns", []):
            numeric = any(isinstance(r.get(c["key"]), (int, float))
                          and not isinstance(r.get(c["key"]), bool)
                          for r in t.get("rows", []))
            if numeric:
                check(c.get("unit", "") != "",
                      "%s: table %s column %s has numbers but no unit"
                      % (what, t["name"], c["key"]))
    return doc


def check_junit(out, what):
    try:
        root = ET.fromstring(out)
    except ET.ParseError as e:
        check(False, "%s: not valid XML (%s)" % (what, e))
        return None
    cases = root.findall(".//testcase")
    failures = 0
    for tc in cases:
        check(tc.get("name", "").strip() != "",
              "%s: a test case without a name (classname %r)"
              % (what, tc.get("classname")))
        for f in tc.findall("failure"):
            failures += 1
            check(f.get("message", "").strip() != "",
                  "%s: a failure without a message (%s)"
                  % (what, tc.get("name")))
    for suite in root.iter("testsuite"):
        n = len(suite.findall("testcase"))
        f = sum(len(tc.findall("failure")) for tc in suite.findall("testcase"))
        check(int(suite.get("tests", -1)) == n,
              "%s: testsuite %s says tests=%s, holds %d"
              % (what, suite.get("name"), suite.get("tests"), n))
        check(int(suite.get("failures", -1)) == f,
              "%s: testsuite %s says failures=%s, holds %d"
              % (what, suite.get("name"), suite.get("failures"), f))
    return root


def labels_of(doc, table):
    rows = json_rows(doc).get(table, [])
    return {r["label"] for r in rows if r.get("label") is not None}


def check_folder(fv, folder, want, work):
    name = os.path.basename(folder.rstrip("/"))
    outs = {}
    for cmd in TABLE_COMMANDS:
        for fmt in FORMATS:
            what = "%s %s -f %s" % (name, cmd, fmt)
            st, out, err = run(fv, [cmd, "-f", fmt] + planted + [folder])
            check(st in DOCUMENTED, "%s: exit status %d is not documented"
                  % (what, st))
            check(st == want, "%s: exit status %d, expected %d (stderr: %s)"
                  % (what, st, want, err.decode("utf-8", "replace")[:400]))
            utf8(out, what + " stdout")
            utf8(err, what + " stderr")
            outs[(cmd, fmt)] = out.decode("utf-8", "replace")
            if fmt == "json":
                outs[(cmd, "doc")] = check_json(out, what)
            if fmt == "junit":
                outs[(cmd, "xml")] = check_junit(out, what)
    # the figures per-label tables take: clones summed
    st, out, err = run(fv, ["summary", "--aggregate-clones", "-f", "json"] +
                       planted + [folder])
    outs[("sums", "doc")] = check_json(out, name + " summary sums")
    check_formats(name, outs)
    check_labels(name, outs)
    check_report(fv, folder, name, work, want)
    check_diff_recommend(fv, folder, name, outs, want)
    tell(name, outs, want)


def tell(name, outs, want):
    """One line of what the folder gave, for the log: labels, runs and
    findings, as every command showed them."""
    doc = outs.get(("summary", "doc"))
    rows = json_rows(doc).get("summary", []) if doc else []
    labels = len({r["label"] for r in rows})
    runs = max([r.get("runs") or 1 for r in rows] or [1])
    vdoc = outs.get(("verdict", "doc"))
    found = [r for r in json_rows(vdoc).get("verdict", [])
             if r.get("outcome") in ("fail", "warn")] if vdoc else []
    print("%-14s exit %d; %d commands x %d formats, diff, recommend, "
          "report; %d rows, %d labels, up to %d runs of a test, %d findings"
          % (name, want, len(TABLE_COMMANDS), len(FORMATS), len(rows),
             labels, runs, len(found)))


def check_formats(name, outs):
    """The same rows in json, csv and md; findings counted alike."""
    for cmd in TABLE_COMMANDS:
        doc = outs.get((cmd, "doc"))
        if not doc:
            continue
        jrows = [len(t["rows"]) for t in doc["tables"]]
        if cmd != "verdict":  # csv and json carry every check's row
            check(csv_rows(outs[(cmd, "csv")]) == jrows,
                  "%s %s: rows per table csv %s, json %s"
                  % (name, cmd, csv_rows(outs[(cmd, "csv")]), jrows))
            check(md_rows(outs[(cmd, "md")]) == jrows,
                  "%s %s: rows per table md %s, json %s"
                  % (name, cmd, md_rows(outs[(cmd, "md")]), jrows))
    doc, xml = outs.get(("verdict", "doc")), outs.get(("verdict", "xml"))
    if doc is None or xml is None:
        return
    rows = json_rows(doc).get("verdict", [])
    # a finding: a check that fails or warns (fioverdict(1), VERDICTS)
    bad = [r for r in rows if r.get("outcome") in ("fail", "warn")]
    fails = len(xml.findall(".//failure"))
    check(len(bad) == fails,
          "%s verdict: json has %d findings, junit %d failures"
          % (name, len(bad), fails))
    m = re.search(r"(\d+) findings?", outs[("verdict", "text")])
    if m:
        check(int(m.group(1)) == fails,
              "%s verdict: text says %s findings, junit %d failures"
              % (name, m.group(1), fails))


def check_labels(name, outs):
    """One set of labels; each (label, job) once; a label one machine."""
    docs = {c: outs.get((c, "doc")) for c in TABLE_COMMANDS}
    summary = docs.get("summary")
    if not summary:
        return
    rows = json_rows(summary).get("summary", [])
    labels = {r["label"] for r in rows}
    for cmd, table in (("compare", "compare"), ("latency", "latency")):
        if docs.get(cmd):
            got = labels_of(docs[cmd], table)
            check(got <= labels,
                  "%s %s: labels %s not in summary's %s"
                  % (name, cmd, sorted(got - labels), sorted(labels)))
    if docs.get("verdict"):
        got = labels_of(docs["verdict"], "verdict")
        check(got <= labels, "%s verdict: labels %s not in summary's"
              % (name, sorted(got - labels)))
    seen = {}
    for r in rows:
        key = (r["label"], r["job"], r.get("lat_dir"))
        check(key not in seen, "%s summary: %s shown twice (files %s, %s)"
              % (name, key, seen.get(key), r.get("source")))
        seen[key] = r.get("source")
    for label in labels:
        mine = [r for r in rows if r["label"] == label]
        for key in ("machine", "target"):
            vals = {r.get(key) for r in mine if r.get(key)}
            check(len(vals) <= 1, "%s: label %r holds %d %ss: %s"
                  % (name, label, len(vals), key, sorted(vals)))
    sums = outs.get(("sums", "doc"))
    check_same_runs(name, outs,
                    json_rows(sums).get("summary", []) if sums else rows)


def near(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1)


def check_same_runs(name, outs, rows):
    """compare and matrix show figures of the runs summary shows, and
    every table says so when a label has several runs or was split."""
    figures = {}
    for r in rows:
        for key in ("read_iops", "write_iops", "read_bw", "write_bw"):
            if isinstance(r.get(key), (int, float)):
                figures.setdefault(r["label"], []).append(r[key])
    for cmd, tables in (("compare", ("compare",)), ("matrix", None)):
        doc = outs.get((cmd, "doc"))
        for t in (doc or {}).get("tables", []):
            if tables and t["name"] not in tables:
                continue
            if not tables and not re.match(r"matrix_\w+_(iops|bw)", t["name"]):
                continue
            for r in t["rows"]:
                for key, v in r.items():
                    if key in ("label", "limit") or \
                            not isinstance(v, (int, float)):
                        continue
                    seen = figures.get(r["label"], [])
                    check(any(near(v, f) for f in seen),
                          "%s %s: %s %s = %s is no figure of the runs "
                          "summary shows" % (name, cmd, r["label"], key, v))
    several = any((r.get("runs") or 0) > 1 for r in rows)
    split = any(r.get("label_rule") in ("machine", "target", "file",
                                        "machine and target") for r in rows)
    for cmd in TABLE_COMMANDS:
        text = outs.get((cmd, "text"), "")
        # history takes every run, in time order: that is what it shows
        if several and cmd != "history":
            check("runs: '" in text, "%s %s: a label has several runs of "
                  "a test and the text does not say which" % (name, cmd))
        if split:
            check("labels: '" in text, "%s %s: a folder was split and the "
                  "text does not say how" % (name, cmd))


def check_report(fv, folder, name, work, want):
    page = os.path.join(work, name + ".html")
    if os.path.exists(page):
        os.unlink(page)
    tmp = tempfile.mkdtemp(dir=work)
    env = dict(os.environ, TMPDIR=tmp)
    st, out, err = run(fv, ["report", folder, "-o", page], env)
    vst, _, _ = run(fv, ["verdict", folder])
    what = "%s report" % name
    check(st == vst, "%s: exit status %d, verdict's %d (stderr: %s)"
          % (what, st, vst, err.decode("utf-8", "replace")[:400]))
    check(os.path.exists(page), "%s: no page written" % what)
    if os.path.exists(page):
        data = open(page, "rb").read()
        utf8(data, what + " page")
        check(data.rstrip().endswith(b"</html>"), "%s: page cut short" % what)
    left = os.listdir(tmp)
    check(not left, "%s: left in the temporary folder: %s" % (what, left))
    os.rmdir(tmp) if not left else None


def check_folder_planted(fv, folder, want, work):
    """The label checks alone, on the outputs of the planted arguments."""
    outs = {}
    for cmd in ("summary", "compare", "matrix"):
        for fmt in ("text", "json"):
            st, out, err = run(fv, [cmd, "-f", fmt] + planted + [folder])
            outs[(cmd, fmt)] = out.decode("utf-8", "replace")
            if fmt == "json":
                outs[(cmd, "doc")] = check_json(out, cmd)
    outs[("sums", "doc")] = outs[("summary", "doc")]
    check_labels(os.path.basename(folder), outs)


def check_diff_recommend(fv, folder, name, outs, want):
    """diff of a folder against itself finds no change; recommend --from
    takes a need from a label or says why not."""
    st, out, err = run(fv, ["diff", "-f", "json", "--baseline", folder,
                            folder])
    check(st == want, "%s diff: exit status %d, expected %d (%s)"
          % (name, st, want, err.decode("utf-8", "replace")[:300]))
    doc = check_json(out, name + " diff")
    if doc:
        moved = [r for r in json_rows(doc).get("diff", [])
                 if r.get("verdict") in ("regression", "improvement")]
        check(not moved, "%s diff: a folder against itself moved: %s"
              % (name, moved[:2]))
    doc = outs.get(("compare", "doc"))
    labels = sorted(labels_of(doc, "compare")) if doc else []
    if labels:
        st, out, err = run(fv, ["recommend", "-f", "json", "--from", folder,
                                "--label", labels[0]])
        check(st in (0, 64) or (st == 2 and want == 2),
              "%s recommend --from --label %r: exit status %d (%s)"
              % (name, labels[0], st, err.decode("utf-8", "replace")[:300]))
        utf8(out + err, name + " recommend")


def main():
    args, expect = sys.argv[1:], None
    if args[:1] == ["--plant"] and len(args) > 4 and args[2] == "--expect":
        planted.append(args[1])
        expect, args = args[3], args[4:]
    if len(args) < 4:
        sys.exit(__doc__)
    fv, expected, work = args[:3]
    want = expected_status(expected)
    os.makedirs(work, exist_ok=True)
    for folder in args[3:]:
        name = os.path.basename(folder.rstrip("/"))
        if not check(name in want, "%s: not in %s" % (name, expected)):
            continue
        if planted:
            check_folder_planted(fv, folder, want[name], work)
        else:
            check_folder(fv, folder, want[name], work)
    if expect is not None:
        caught = [f for f in failed if expect in f]
        for f in failed:
            print("planted:", f)
        print("acceptance, %s planted: %d checks failed, %d of them with "
              "'%s'" % (planted[0], len(failed), len(caught), expect))
        sys.exit(0 if caught else 1)
    sys.exit(T.report("acceptance"))


if __name__ == "__main__":
    main()
