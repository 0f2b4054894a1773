#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The documents hold together: every relative link of README.md,
docs/*.md and postproc/README.md leads to a file that is there (and to a
heading of it, for a #anchor), every `fioverdict SUBCOMMAND --option` a
document or the man page fioverdict(1) (postproc/fioverdict.1, the
reference the README points to: its .nf blocks) shows names a subcommand
and options the program takes, and the README's tour (the commands in its
"A five-minute tour" section, run from the top of the tree) exits as
documented.

Usage: check_docs.py FIOVERDICT TOP
Prints "docs: N passed, N failed"; exit status 1 when one failed.
First it plants a broken link and an unknown option in a copy of a
document, to show the checks fail on them.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

passed = 0
failed = []


def check(ok, what):
    global passed
    if ok:
        passed += 1
    else:
        failed.append(what)
    return ok


def anchor(title):
    """GitHub's anchor of a heading: lower case, punctuation gone, spaces
    as dashes."""
    t = re.sub(r"[`*_]", "", title.strip().lower())
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


def anchors_of(path):
    with open(path, encoding="utf-8") as f:
        return {anchor(m.group(1))
                for m in re.finditer(r"^#+ (.*)$", f.read(), re.M)}


def outside_code(text):
    """The text without fenced or indented code blocks."""
    out, fence = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
            continue
        if not fence and not line.startswith("    "):
            out.append(line)
    return "\n".join(out)


def check_links(path, fails):
    with open(path, encoding="utf-8") as f:
        text = outside_code(f.read())
    base = os.path.dirname(path)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):
            continue  # a URL: not ours to check here
        file, _, frag = target.partition("#")
        dest = os.path.normpath(os.path.join(base, file)) if file else path
        ok = os.path.exists(dest)
        if ok and frag and dest.endswith(".md"):
            ok = frag in anchors_of(dest)
        fails.append(None if ok else "%s: link %s leads nowhere"
                     % (path, target))


def help_of(fv, sub, cache={}):
    if sub not in cache:
        p = subprocess.run([fv, sub, "--help"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL)
        cache[sub] = p.stdout.decode() if p.returncode == 0 else None
    return cache[sub]


def commands(path):
    """Lines of code blocks that run fioverdict, joined across '\\'."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, cur = [], ""
    for line in lines:
        code = line[4:] if line.startswith("    ") else None
        if code is None:
            cur = ""
            continue
        code = code.split("  #")[0].rstrip()
        cur = cur + " " + code.rstrip("\\").strip() if cur else code.strip()
        if code.endswith("\\"):
            continue
        if cur.startswith("fioverdict "):
            out.append(cur)
        cur = ""
    return out


def man_commands(path):
    """Lines of the man page's no-fill (.nf) blocks that run fioverdict,
    joined across '\\' (written \\e), groff's escapes undone."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, cur, nofill = [], "", False
    for line in lines:
        if line.startswith(".nf") or line.startswith(".fi"):
            nofill, cur = line.startswith(".nf"), ""
            continue
        if not nofill or line.startswith("."):
            continue
        code = re.sub(r"\\f[BIRP]", "", line.replace("\\-", "-"))
        cont = code.rstrip().endswith("\\e")
        code = code.rstrip()[:-2] if cont else code
        cur = cur + " " + code.strip() if cur else code.strip()
        if cont:
            continue
        if cur.startswith("fioverdict "):
            out.append(cur)
        cur = ""
    return out


def check_options(fv, path, fails, cmds=None):
    for cmd in commands(path) if cmds is None else cmds:
        for part in cmd.split(";"):
            words = part.split()
            if len(words) < 2 or words[0] != "fioverdict":
                continue
            sub = words[1]
            if sub.startswith("-") or sub.isupper():
                continue  # fioverdict --help; a synopsis
            text = help_of(fv, sub)
            if text is None:
                fails.append("%s: 'fioverdict %s': no such subcommand"
                             % (path, sub))
                continue
            for w in words[2:]:
                opt = w.split("=")[0]
                if opt.startswith("--") and not re.search(
                        re.escape(opt) + r"\b", text):
                    fails.append("%s: 'fioverdict %s %s': no such option"
                                 % (path, sub, opt))


def tour(path):
    """The commands of the README's tour section."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## A five-minute tour.*?(?=^## )", text, re.M | re.S)
    if not m:
        return []
    tmp = tempfile.NamedTemporaryFile("w", suffix=".md", delete=False)
    tmp.write(m.group(0))
    tmp.close()
    cmds = commands(tmp.name)
    os.unlink(tmp.name)
    return cmds


def run_tour(fv, top, path):
    cmds = tour(path)
    check(len(cmds) >= 3, "%s: the tour shows %d commands" % (path, len(cmds)))
    with tempfile.TemporaryDirectory() as tmp:
        for cmd in cmds:
            run_one(fv, top, cmd, tmp)


def run_one(fv, top, cmd, tmp):
    """One of the tour's commands, from the top of the tree: it exits 0
    and writes something (-o FILE: into tmp, not the tree)."""
    words = shlex.split(cmd)
    words[0] = fv
    out = None
    if "-o" in words:
        out = words[words.index("-o") + 1] = os.path.join(tmp, "out")
    p = subprocess.run(words, cwd=top, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=300)
    wrote = os.path.getsize(out) if out and os.path.exists(out) else \
        len(p.stdout)
    check(p.returncode == 0 and wrote > 0,
          "README tour: '%s' exited %d, wrote %d bytes: %s"
          % (cmd, p.returncode, wrote, p.stderr.decode()[:300]))


def documents(top):
    docs = [os.path.join(top, "README.md"),
            os.path.join(top, "postproc", "README.md")]
    d = os.path.join(top, "docs")
    docs += sorted(os.path.join(d, f) for f in os.listdir(d)
                   if f.endswith(".md"))
    return docs


def planted(fv, top):
    """A link to nowhere and an option of no one: both must be caught."""
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "bad.md")
        with open(bad, "w") as f:
            f.write("See [x](nowhere.md) and [y](#no-such-heading).\n\n"
                    "    fioverdict summary --no-such-option results/\n")
        man = os.path.join(tmp, "bad.1")
        with open(man, "w") as f:
            f.write(".nf\nfioverdict compare \\e\n"
                    "    \\-\\-no\\-such\\-option results/\n.fi\n")
        fails = []
        check_links(bad, fails)
        check_options(fv, bad, fails)
        check_options(fv, man, fails, man_commands(man))
        fails = [x for x in fails if x]
        check(len(fails) == 4, "planted faults: %d of 4 caught: %s"
              % (len(fails), fails))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    fv, top = os.path.abspath(sys.argv[1]), sys.argv[2]
    planted(fv, top)
    for path in documents(top):
        fails = []
        check_links(path, fails)
        check_options(fv, path, fails)
        for x in fails:
            check(x is None, x)
    man = os.path.join(top, "postproc", "fioverdict.1")
    cmds = man_commands(man)
    check(len(cmds) >= 10, "%s: %d fioverdict commands found in its .nf "
          "blocks" % (man, len(cmds)))
    fails = []
    check_options(fv, man, fails, cmds)
    for x in fails:
        check(x is None, x)
    run_tour(fv, top, os.path.join(top, "README.md"))
    for f in failed:
        print("FAILED:", f)
    print("docs: %d passed, %d failed" % (passed, len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
