#!/usr/bin/env python3
"""Every output format says the same: verdict over several fixture folders
in text, md, csv, json and junit, and report's HTML page, carry the same
rows (checks), the same findings and the same counts; every JUnit test
case has a name and every JUnit failure a message, for verdict and for the
table subcommands too.

Usage: formats_check.py FIOVERDICT FIXTURE_DIR TMP_DIR
Last line: "formats: N passed, M failed"."""
import csv
import html
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

fv, root, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
passed = failed = 0

# Real third-party files beside generated ones, some folders together, and
# one with broken inputs (exit 2): the counts must agree in each.
SETS = [
    ["seed004"],
    ["cdm/real"],
    ["diskspd", "diskspd-text"],
    ["versions/3.42"],
    ["hosts", "fio_text/fio-3.42"],
    ["cdm/seed004", "cdm/made", "old", "misc"],
    ["."],
]
TABLE_COMMANDS = ["summary", "compare", "latency", "scaling", "matrix",
                  "hosts", "sweep"]
TALLY = re.compile(r"(\d+) checks?: (\d+) findings? \((\d+) fail, (\d+) "
                   r"warn\), (\d+) pass")


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}")


def run(*args):
    env = dict(os.environ, TMPDIR=tmp)
    p = subprocess.run([fv, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout


def tally(text):
    """(checks, findings) of the first count sentence in text."""
    m = TALLY.search(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def from_rows(rows):
    return (len(rows), sum(r["outcome"] in ("fail", "warn") for r in rows))


def counts_text(paths, fmt):
    st, out = run("verdict", "-q", "-f", fmt, *paths)
    return st, {"note": tally(out)}


def counts_md_all(paths):
    st, out = run("verdict", "-q", "--all", "-f", "md", *paths)
    lines = [l for l in out.splitlines() if l.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")] if lines else []
    rows = []
    for l in lines[2:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", l.strip("|"))]
        rows.append(dict(zip(head, cells)))
    # md shows people's columns, the outcome not among them: its note
    # counts the findings
    return st, {"rows": len(rows), "note": tally(out)}


def counts_csv(paths):
    st, out = run("verdict", "-q", "-f", "csv", *paths)
    return st, {"rows": from_rows(list(csv.DictReader(io.StringIO(out))))}


def counts_json(paths):
    st, out = run("verdict", "-q", "-f", "json", *paths)
    t = [t for t in json.loads(out)["tables"] if t["name"] == "verdict"][0]
    notes = [tally(n) for n in t["notes"] if tally(n)]
    return st, {"rows": from_rows(t["rows"]),
                "note": notes[0] if notes else None}


def junit_cases(out, what):
    """Every test case named, every failure with a message; the suites."""
    doc = ET.fromstring(out)
    for s in doc.iter("testsuite"):
        cases = s.findall("testcase")
        check(int(s.get("tests")) == len(cases),
              f"{what}: suite {s.get('name')}: tests= is its test cases")
        fails = [c for c in cases if c.find("failure") is not None]
        check(int(s.get("failures")) == len(fails),
              f"{what}: suite {s.get('name')}: failures= is its failures")
        unnamed = [c for c in cases if not c.get("name", "").strip()
                   or not c.get("classname", "").strip()]
        check(not unnamed, f"{what}: suite {s.get('name')}: "
              f"{len(unnamed)} test cases without a name")
        silent = [c for c in fails
                  if not c.find("failure").get("message", "").strip()]
        check(not silent, f"{what}: suite {s.get('name')}: "
              f"{len(silent)} failures without a message")
    return doc


def counts_junit(paths):
    st, out = run("verdict", "-q", "-f", "junit", *paths)
    doc = junit_cases(out, f"verdict -f junit {paths}")
    s = [s for s in doc.iter("testsuite") if s.get("name") == "verdict"][0]
    return st, {"rows": (int(s.get("tests")), int(s.get("failures")))}


def counts_html(paths):
    page = os.path.join(tmp, "formats.html")
    st, _ = run("report", "-q", *paths, "-o", page)
    left = [e for e in os.listdir(tmp) if e != "formats.html"]
    check(not left, f"report {paths}: left {left} in $TMPDIR")
    text = html.unescape(open(page).read())
    m = re.search(r'<p class="tally">([^<]*)', text)
    passing = text.count('<tr class="pass">')
    note = tally(m.group(1)) if m else None
    return st, {"note": note,
                "passing rows": passing if note else None}


def one_set(names):
    paths = [os.path.join(root, n) for n in names]
    what = " ".join(names)
    got = {}
    status = {}
    for fmt, fn in [("text", lambda p: counts_text(p, "text")),
                    ("md", lambda p: counts_text(p, "md")),
                    ("md --all", counts_md_all), ("csv", counts_csv),
                    ("json", counts_json), ("junit", counts_junit),
                    ("html", counts_html)]:
        status[fmt], got[fmt] = fn(paths)
    ref = got["csv"]["rows"]
    for fmt, c in got.items():
        if "note" in c:
            check(c["note"] == ref, f"{what}: {fmt} says (checks, findings) "
                  f"{c['note']}, csv has {ref}")
        if "rows" in c:
            want = ref[0] if fmt == "md --all" else ref
            got_rows = c["rows"]
            check(got_rows == want, f"{what}: {fmt} carries {got_rows}, "
                  f"csv {want}")
        if c.get("passing rows") is not None:
            check(c["passing rows"] == ref[0] - ref[1],
                  f"{what}: html lists {c['passing rows']} passing checks, "
                  f"csv has {ref[0] - ref[1]}")
    verdict_status = {k: v for k, v in status.items() if k != "html"}
    check(len(set(verdict_status.values())) == 1,
          f"{what}: exit status differs by format: {verdict_status}")
    # report exits as verdict does
    check(status["html"] == status["csv"],
          f"{what}: report exits {status['html']}, verdict "
          f"{status['csv']}")
    print(f"{what}: {ref[0]} checks, {ref[1]} findings in every format")


def table_commands():
    paths = [os.path.join(root, n) for n in ("seed004", "hosts", "cdm/real")]
    for cmd in TABLE_COMMANDS:
        _, out = run(cmd, "-q", "-f", "junit", *paths)
        doc = junit_cases(out, f"{cmd} -f junit")
        _, js = run(cmd, "-q", "-f", "json", *paths)
        tables = {t["name"]: len(t["rows"]) for t in json.loads(js)["tables"]}
        for s in doc.iter("testsuite"):
            if s.get("name") in tables:
                check(int(s.get("tests")) == tables[s.get("name")],
                      f"{cmd}: junit suite {s.get('name')} has "
                      f"{s.get('tests')} tests, json "
                      f"{tables[s.get('name')]} rows")


for names in SETS:
    one_set(names)
table_commands()
print(f"formats: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
