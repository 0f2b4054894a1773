#!/usr/bin/env python3
"""fioverdict.wasm against the native binary on every folder given.

For each folder and each table subcommand (and report), both run with the
same arguments in the folder's parent directory: the exit statuses must be
equal, and so must standard error, and standard output (-f json: equal as
JSON but for its "generator"; report: the page but its date line). The
wasm runs under node's WASI (wasi.mjs, one node process per worker).

Usage: equal.py NATIVE WASM WORKDIR FOLDER...
Ends with "web-equal: N passed, M failed".
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# (name, extra arguments, output format): every table subcommand in JSON
COMMANDS = [
    ("summary", [], "json"), ("compare", [], "json"),
    ("latency", [], "json"), ("scaling", [], "json"),
    ("sweep", [], "json"), ("matrix", [], "json"), ("hosts", [], "json"),
    ("verdict", ["--all"], "json"), ("timeline", [], "json"),
    ("matrix", ["--sku", "p10=azure:P10"], "json"),
    ("history", [], "json"), ("summary", [], "text"),
    ("report", [], "html"),
]
# and once, of the catalog alone (no folder)
CATALOG_COMMANDS = [
    ("recommend", ["--need", "iops=5000,capacity=512GiB"], "json"),
    ("catalog", ["list"], "json"), ("catalog", ["show", "azure:P30"], "json"),
]
DATE = re.compile(rb"fioverdict [^,<]*, \d{4}-\d\d-\d\d \d\d:\d\d UTC")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "acceptance"))
from tally import Tally  # noqa: E402

T = Tally()
ok, ko = T.ok, T.ko


def argv(cmd, extra, fmt, folder, out_html):
    if folder is None:
        return [cmd, *extra, "-f", fmt]
    if fmt == "html":
        return [cmd, "-q", *extra, folder, "-o", out_html]
    return [cmd, "-f", fmt, *extra, folder]


def base(folder):
    return os.path.basename(folder) if folder else None


def where(folder):
    return os.path.dirname(folder) if folder else os.getcwd()


def normal(out, fmt):
    if fmt == "json":
        try:
            doc = json.loads(out)
        except ValueError:
            return out
        doc.pop("generator", None)
        return doc
    if fmt == "html":
        return DATE.sub(b"DATE", out)
    return out


def main():
    native, wasm, work = (os.path.abspath(a) for a in sys.argv[1:4])
    folders = [os.path.abspath(f) for f in sys.argv[4:]]
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, FV_CATALOG=os.path.abspath("catalog"))
    jobs = []
    runs = [(f, c) for f in folders for c in COMMANDS]
    runs += [(None, c) for c in CATALOG_COMMANDS]
    for folder, (cmd, extra, fmt) in runs:
        if True:
            tag = f"{len(jobs):04d}"
            jobs.append(dict(folder=folder, cmd=cmd, extra=extra, fmt=fmt,
                             tag=tag, what=f"{base(folder) or '-'}: "
                             f"{cmd} {' '.join(extra)} -f {fmt}"))

    def run_native(j):
        html = os.path.join(work, j["tag"] + ".native.html")
        p = subprocess.run([native, *argv(j["cmd"], j["extra"], j["fmt"],
                                          base(j["folder"]), html)],
                           cwd=where(j["folder"]), env=env,
                           capture_output=True, timeout=600)
        out = p.stdout
        if j["fmt"] == "html":
            out = open(html, "rb").read() if os.path.exists(html) else b""
        return p.returncode, out, p.stderr

    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    batches = [[] for _ in range(workers)]
    for k, j in enumerate(jobs):
        # the wasm writes its page where it runs: a name of the work dir
        # would be outside its preopen, so the page goes beside the
        # folder and is moved
        j["wasm_html"] = f".fv-web-{j['tag']}.html"
        batches[k % workers].append(dict(
            cwd=where(j["folder"]),
            args=argv(j["cmd"], j["extra"], j["fmt"], base(j["folder"]),
                      j["wasm_html"]),
            out=os.path.join(work, j["tag"] + ".out"),
            err=os.path.join(work, j["tag"] + ".err")))

    def run_batch(k):
        path = os.path.join(work, f"batch{k}.json")
        with open(path, "w") as f:
            json.dump(batches[k], f)
        p = subprocess.run(["node", "--no-warnings", "--expose-gc",
                            os.path.join(HERE, "wasi.mjs"), wasm, "--batch",
                            path], env=env, capture_output=True, timeout=1800)
        if p.returncode:
            raise RuntimeError(f"node exited with {p.returncode}: "
                               f"{p.stderr.decode()[-800:]}")
        return json.loads(p.stdout)

    with concurrent.futures.ThreadPoolExecutor(workers) as ex:
        natives = list(ex.map(run_native, jobs))
        statuses = list(ex.map(run_batch, range(workers)))
    for k, j in enumerate(jobs):
        st_w = statuses[k % workers][k // workers]
        st_n, out_n, err_n = natives[k]
        err_w = open(os.path.join(work, j["tag"] + ".err"), "rb").read()
        if j["fmt"] == "html":
            page = os.path.join(where(j["folder"]), j["wasm_html"])
            out_w = open(page, "rb").read() if os.path.exists(page) else b""
            if os.path.exists(page):
                os.replace(page, os.path.join(work, j["tag"] + ".wasm.html"))
        else:
            out_w = open(os.path.join(work, j["tag"] + ".out"), "rb").read()
        if st_w != st_n:
            ko(f"{j['what']}: exit {st_w}, native {st_n}: "
               f"{err_w.decode(errors='replace')[:300]}")
        elif err_w != err_n:
            ko(f"{j['what']}: standard error differs (work {j['tag']})")
        elif normal(out_w, j["fmt"]) != normal(out_n, j["fmt"]):
            ko(f"{j['what']}: output differs (work {j['tag']}, "
               f"{len(out_w)} bytes, native {len(out_n)})")
        elif not out_n and st_n not in (64,):
            ko(f"{j['what']}: no output at all (exit {st_n})")
        else:
            ok(f"{j['what']}: exit {st_n}, {len(out_n)} bytes alike")
    return T.report("web-equal")


if __name__ == "__main__":
    sys.exit(main())
