#!/usr/bin/env python3
"""make bench-web: the page against the native binary on the bench corpus
(tests/postproc/bench.sh's, >= 100 MB of json+), side by side in one run.

The page (in Debian's Chromium, the corpus picked in its folder input):
the time of window.fioverdict.run(summary -f csv), its files read from
the input included; the native binary: the same command on the same
folder; and the module under node's WASI. Each the median of 3 runs; the
ratios, page and node over native, printed. The target: the page within
3 times the native time.

Usage: bench.py NATIVE WASM PAGE CORPUS WORKDIR
"""
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_check import browser, pick  # noqa: E402

TIMED = """
const [argv, done] = [arguments[0], arguments[arguments.length - 1]];
const files = [...document.getElementById('pick-folder').files];
const t0 = performance.now();
window.fioverdict.run(argv, files).then(
  (r) => done({ms: performance.now() - t0, status: r.status,
               bytes: r.stdout.length, err: r.stderr.slice(0, 300)}),
  (e) => done({ms: -1, status: -1, bytes: 0, err: String(e)}));
"""


def median_of(f, n=3):
    return statistics.median(f() for _ in range(n))


def main():
    native, wasm, page, corpus, work = (os.path.abspath(a)
                                        for a in sys.argv[1:6])
    os.makedirs(work, exist_ok=True)
    name = os.path.basename(corpus)
    mb = sum(os.path.getsize(os.path.join(corpus, f))
             for f in os.listdir(corpus)) / 1e6
    nfiles = len(os.listdir(corpus))
    args = ["summary", "-q", "-f", "csv"]

    def run_native():
        t = time.monotonic()
        p = subprocess.run([native, *args, name], cwd=os.path.dirname(corpus),
                           capture_output=True)
        assert p.returncode == 0, p.stderr[:300]
        return time.monotonic() - t

    def run_node():
        # into a file: node's standard output to a pipe is non-blocking,
        # and a WASI write that would block fails
        with open(os.path.join(work, "node.csv"), "wb") as out:
            t = time.monotonic()
            p = subprocess.run(["node", "--no-warnings",
                                os.path.join(os.path.dirname(
                                    os.path.abspath(__file__)), "wasi.mjs"),
                                wasm, *args, name],
                               cwd=os.path.dirname(corpus), stdout=out,
                               stderr=subprocess.PIPE)
            took = time.monotonic() - t
        assert p.returncode == 0, p.stderr[:300]
        return took

    driver = browser(work)
    try:
        driver.set_script_timeout(600)
        driver.get("file://" + page)
        pick(driver, "pick-folder", corpus)

        def run_page():
            r = driver.execute_async_script(TIMED, [*args, "/in/" + name])
            assert r["status"] == 0, r
            return r["ms"] / 1000

        t_native = median_of(run_native)
        t_page = median_of(run_page)
        t_node = median_of(run_node)
    finally:
        driver.quit()
    print(f"bench-web: {nfiles} files, {mb:.0f} MB, summary -f csv, "
          f"median of 3")
    print(f"  native {t_native:.2f} s, page (Chromium) {t_page:.2f} s, "
          f"node WASI {t_node:.2f} s")
    ratio = t_page / t_native
    print(f"  page/native {ratio:.2f} (target <= 3), node/native "
          f"{t_node / t_native:.2f}")
    return 0 if ratio <= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
