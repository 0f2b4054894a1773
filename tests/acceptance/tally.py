# SPDX-License-Identifier: MIT
"""What the acceptance scripts share: a tally of checks, fioverdict run
with its output, the rows of a table of its JSON."""
import json
import subprocess


class Tally:
    """Checks passed and failed, optionally counted per folder and kind."""

    def __init__(self):
        self.passed = 0
        self.failed = []
        self.counts = {}  # folder -> {kind: n, kind + " wrong": n}

    def check(self, ok, what, folder=None, kind=None):
        if folder and kind:
            c = self.counts.setdefault(folder, {})
            c[kind] = c.get(kind, 0) + 1
            if not ok:
                c[kind + " wrong"] = c.get(kind + " wrong", 0) + 1
        if ok:
            self.passed += 1
        else:
            self.failed.append(what)
        return ok

    def say(self, ok, what):
        """check, with its line printed: "ok   WHAT" or "FAIL WHAT"."""
        print(("ok   " if ok else "FAIL ") + what)
        return self.check(ok, what)

    def ok(self, what):
        return self.say(True, what)

    def ko(self, what):
        return self.say(False, what)

    def report(self, name):
        """Prints the failures and "NAME: N passed, N failed"; the exit
        status the script ends with."""
        for f in self.failed:
            print("FAILED:", f)
        print("%s: %d passed, %d failed" % (name, self.passed,
                                            len(self.failed)))
        return 1 if self.failed else 0


def run(fv, args, env=None):
    """fioverdict ARGS: exit status, stdout and stderr (bytes)."""
    p = subprocess.run([fv] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=300)
    return p.returncode, p.stdout, p.stderr


def run_json(fv, args):
    """fioverdict ARGS (a -f json command): its document, or None."""
    st, out, err = run(fv, args)
    try:
        return json.loads(out.decode("utf-8"))
    except ValueError:
        return None


def rows(doc, table):
    """The rows of a table of a fioverdict-report/1 document."""
    for t in (doc or {}).get("tables", []):
        if t["name"] == table:
            return t["rows"]
    return []
