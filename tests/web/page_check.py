#!/usr/bin/env python3
"""The page of make web in Debian's Chromium (through chromedriver and
python3-selenium), opened from file:// with every network request refused.

- Its size: at most 4 MiB.
- For each folder given, picked in its real folder input: the rows of
  summary, compare and verdict (-f json, through window.fioverdict.run) are
  the native binary's rows, paths aside (/in/FOLDER here, FOLDER there).
- A person's way, on the DiskSpd folder: picked, report shown (the page in
  its frame, as many charts as the native report's), and a screenshot; a
  second folder dropped (a drop event carrying its files) replaces it.
- A file it cannot read: exit status 2 and the file named on the page.
- A report written with report --interactive (the DiskSpd folder): opened,
  it shows the native report; another folder picked and shown, the report
  holds the labels of both, as the native report of both folders does.
- No console error and no network request, all along; the controls: a
  console error and a request the checks must see.

Usage: page_check.py NATIVE PAGE WORKDIR DISKSPD_FOLDER FOLDER...
Ends with "web-page: N passed, M failed".
"""
import json
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "acceptance"))
from tally import Tally  # noqa: E402

T = Tally()
ok, ko = T.ok, T.ko


def browser(work):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--window-size=1280,900", "--disable-background-networking",
              "--disable-component-update", "--disable-sync",
              "--no-first-run", f"--user-data-dir={work}/profile",
              # every request off this machine fails, and is logged
              "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs",
                        {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=opts)


def requests(driver):
    """The URLs the page asked for, but its own file, data: and blob:."""
    urls = []
    for e in driver.get_log("performance"):
        m = json.loads(e["message"])["message"]
        if m.get("method") == "Network.requestWillBeSent":
            u = m["params"]["request"]["url"]
            # the browser's own pages (chrome:) are no request off it
            if not u.startswith(("file:", "data:", "blob:", "about:",
                                 "chrome:", "chrome-extension:")):
                urls.append(u)
    return urls


def errors(driver):
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] == "SEVERE"]


def pick(driver, input_id, path):
    """PATH given to the page's input (what was there before, cleared)."""
    el = driver.find_element(By.ID, input_id)
    driver.find_element(By.ID, "clear").click()
    driver.execute_script("arguments[0].value = ''", el)
    el.send_keys(path)
    for _ in range(100):
        if driver.find_element(By.ID, "files").text.startswith(
                tuple("0123456789")):
            return driver.find_element(By.ID, "files").text
        time.sleep(0.1)
    return driver.find_element(By.ID, "files").text


RUN = """
const [argv, done] = [arguments[0], arguments[arguments.length - 1]];
const files = [...document.getElementById('pick-folder').files];
window.fioverdict.run(argv, files).then(
  (r) => done({status: r.status, stdout: r.stdout, stderr: r.stderr}),
  (e) => done({status: -1, stdout: '', stderr: String(e)}));
"""


def rows(doc, strip):
    """Each table's rows, the paths of the inputs made alike."""
    def clean(v):
        if isinstance(v, str):
            return v.replace(strip, "")
        if isinstance(v, list):
            return [clean(x) for x in v]
        if isinstance(v, dict):
            return {k: clean(x) for k, x in v.items()}
        return v
    return {t["name"]: clean(t["rows"]) for t in doc.get("tables", [])}


def same_rows(driver, native, folder):
    name = os.path.basename(folder)
    text = pick(driver, "pick-folder", folder)
    for cmd in ("summary", "compare", "verdict"):
        r = driver.execute_async_script(
            RUN, [cmd, "-q", "-f", "json", f"/in/{name}"])
        p = subprocess.run([native, cmd, "-q", "-f", "json", name],
                           cwd=os.path.dirname(folder), capture_output=True,
                           env=dict(os.environ, FV_CATALOG=os.path.abspath("catalog")))
        try:
            got = rows(json.loads(r["stdout"]), "/in/")
            want = rows(json.loads(p.stdout), "")
        except ValueError:
            ko(f"{name}: {cmd}: no JSON (exit {r['status']}: "
               f"{r['stderr'][:200]})")
            continue
        n = sum(len(v) for v in want.values())
        if r["status"] == p.returncode and got == want and n:
            ok(f"{name}: {cmd}: {n} rows, the native binary's "
               f"(page: {text})")
        else:
            ko(f"{name}: {cmd}: exit {r['status']} (native "
               f"{p.returncode}), {sum(len(v) for v in got.values())} "
               f"rows (native {n}), same: {got == want}: "
               f"{r['stderr'][:300]}")


def wait_status(driver):
    for _ in range(600):
        s = driver.find_element(By.ID, "status").text
        if s.startswith("fioverdict"):
            return s
        time.sleep(0.1)
    return driver.find_element(By.ID, "status").text


DROP = """
const [dt, drop] = [new DataTransfer(), document.getElementById('drop')];
for (const f of document.getElementById('pick-files').files) dt.items.add(f);
drop.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true,
  cancelable: true}));
"""


def person(driver, native, diskspd, other, work):
    name = os.path.basename(diskspd)
    pick(driver, "pick-folder", diskspd)
    driver.find_element(By.ID, "go").click()
    status = wait_status(driver)
    srcdoc = driver.find_element(By.ID, "page").get_attribute("srcdoc") or ""
    page = os.path.join(work, "native-report.html")
    subprocess.run([native, "report", "-q", name, "-o", page],
                   cwd=os.path.dirname(diskspd), capture_output=True)
    want = open(page, encoding="utf-8").read().count("<svg")
    if status.startswith("fioverdict report: exit status 0") and \
            srcdoc.count("<svg") == want and want > 0:
        ok(f"{name} picked, report shown: {want} charts, as the native "
           f"page's ({status})")
    else:
        ko(f"{name} report: '{status}', {srcdoc.count('<svg')} charts, "
           f"native {want}")
    for _ in range(300):  # the downloads are made after the page shows
        links = [a.text for a in driver.find_elements(By.CSS_SELECTOR,
                                                      "#downloads a")]
        if len(links) >= 4:
            break
        time.sleep(0.1)
    if links == ["report.html", "verdict.md", "verdict.csv", "verdict.json"]:
        ok(f"downloads offered: {', '.join(links)}")
    else:
        ko(f"downloads: {links}")
    driver.switch_to.frame(driver.find_element(By.ID, "page"))
    driver.switch_to.default_content()
    shot = os.path.join(work, "diskspd.png")
    driver.set_window_size(1280, 2000)  # the report in its frame, seen
    driver.save_screenshot(shot)
    driver.set_window_size(1280, 900)
    ok(f"screenshot {shot}") if os.path.getsize(shot) > 20000 else \
        ko("screenshot too small")

    # a drop: the files of another folder, carried by a drop event
    files = [os.path.join(dp, f) for dp, _, fs in os.walk(other) for f in fs]
    driver.find_element(By.ID, "pick-files").send_keys("\n".join(files))
    driver.execute_script(DROP)
    text = driver.find_element(By.ID, "files").text
    if text.startswith(f"{len(files)} file"):
        ok(f"drop: {text}")
    else:
        ko(f"drop: '{text}', {len(files)} files dropped")


def unreadable(driver, work):
    bad = os.path.join(work, "bad")
    os.makedirs(bad, exist_ok=True)
    with open(os.path.join(bad, "cut.json"), "w") as f:
        f.write('{ "fio version" : "fio-3.33", "jobs" : [ {')
    pick(driver, "pick-folder", bad)
    driver.find_element(By.ID, "command").send_keys("summary")
    driver.find_element(By.ID, "go").click()
    status = wait_status(driver)
    msg = driver.find_element(By.ID, "messages").text
    if "exit status 2" in status and "cut.json" in msg:
        ok(f"a file it cannot read: '{status}', '{msg.splitlines()[0]}'")
    else:
        ko(f"unreadable file: '{status}', '{msg[:200]}'")


def labels(html):
    """The labels a report page's comparison table names, in order."""
    import re
    return re.findall(r'<tr><td>([^<]*)</td>', html.split(
        "Comparison by label", 1)[-1].split("</table>", 1)[0])


def interactive(driver, native, page, diskspd, other, work):
    out = os.path.join(work, "interactive.html")
    env = dict(os.environ, FV_WEB_PAGE=page)
    p = subprocess.run([native, "report", "-q", "--interactive",
                        os.path.basename(diskspd), "-o", out],
                       cwd=os.path.dirname(diskspd), env=env,
                       capture_output=True)
    if p.returncode:
        ko(f"report --interactive: exit {p.returncode}: {p.stderr[:300]}")
        return
    mine = os.path.join(work, "native-diskspd.html")
    subprocess.run([native, "report", "-q", os.path.basename(diskspd), "-o",
                    mine], cwd=os.path.dirname(diskspd))
    driver.get("file://" + out)
    first = driver.find_element(By.ID, "page").get_attribute("srcdoc") or ""
    want = labels(open(mine, encoding="utf-8").read())
    if want and labels(first) == want:
        ok(f"report --interactive ({os.path.getsize(out)} bytes) opens on "
           f"the native report: {len(want)} labels")
    else:
        ko(f"interactive report's first page: {labels(first)}, want {want}")
    pick(driver, "pick-folder", other)
    driver.find_element(By.ID, "go").click()
    status = wait_status(driver)
    both = driver.find_element(By.ID, "page").get_attribute("srcdoc") or ""
    # the native report of both folders, the second as the page has it
    link = os.path.join(work, "in")
    os.makedirs(link, exist_ok=True)
    dest = os.path.join(link, os.path.basename(other))
    if not os.path.exists(dest):
        os.symlink(other, dest)
    both_native = os.path.join(work, "native-both.html")
    subprocess.run([native, "report", "-q", os.path.basename(diskspd),
                    os.path.join(link, os.path.basename(other)), "-o",
                    both_native], cwd=os.path.dirname(diskspd))
    want = labels(open(both_native, encoding="utf-8").read())
    if status.startswith("fioverdict report: exit status 0") and \
            labels(both) == want and len(want) > len(labels(first)):
        ok(f"a folder dropped on it: the report of both, {len(want)} "
           f"labels as the native report's")
    else:
        ko(f"interactive with another folder: '{status}', {labels(both)}, "
           f"want {want}")


def main():
    native, page, work, diskspd, *folders = sys.argv[1:]
    native, page, work = (os.path.abspath(p) for p in (native, page, work))
    os.makedirs(work, exist_ok=True)
    size = os.path.getsize(page)
    ok(f"page: {size} bytes (at most 4 MiB)") if size <= 4 << 20 else \
        ko(f"page: {size} bytes, over 4 MiB")
    driver = browser(work)
    try:
        driver.get("file://" + page)
        ok("page opened from file://") if driver.execute_script(
            "return typeof window.fioverdict.run") == "function" else \
            ko("no window.fioverdict.run")
        for f in folders:
            same_rows(driver, native, os.path.abspath(f))
        driver.get("file://" + page)
        person(driver, native, os.path.abspath(diskspd),
               os.path.abspath(folders[0]), work)
        driver.get("file://" + page)
        unreadable(driver, work)
        interactive(driver, native, page, os.path.abspath(diskspd),
                    os.path.abspath(folders[0]), work)
        errs, reqs = errors(driver), requests(driver)
        ok("no console error") if not errs else ko(f"console: {errs[:3]}")
        ok("no network request") if not reqs else ko(f"requests: {reqs[:3]}")
        # the controls: what the checks look for is seen when it happens
        driver.execute_script(
            "console.error('control'); fetch('http://192.0.2.1/x')"
            ".catch(() => 0); new Image().src = 'http://192.0.2.1/y';")
        time.sleep(1)
        errs, reqs = errors(driver), requests(driver)
        ok(f"control: a console error and a request are seen "
           f"({len(errs)}, {len(reqs)})") if errs and reqs else \
            ko(f"control not seen: {errs} {reqs}")
    finally:
        driver.quit()
    return T.report("web-page")


if __name__ == "__main__":
    sys.exit(main())
