#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that a source tree keeps its layers.

    check_layers.py ROOT [--objects DIR]

ROOT/LAYERS lists the tree's folders, one per line, lowest first ('.' is
ROOT itself; '#' starts a comment). The rule:

  - every .c and .h file lies in a listed folder (a subfolder listed on its
    own line is a folder of its own);
  - an #include "..." names either a file of the same folder ("x.h") or,
    by its path from ROOT ("model/model.h"), the public header of a folder
    listed below: the header named after that folder (model/model.h,
    ingest/lowmem/lowmem.h; for '.', none);
  - with --objects DIR (the build's objects, DIR/FOLDER/NAME.o for
    ROOT/FOLDER/NAME.c), no object uses a symbol defined in a folder above
    its own: a call that no include shows is caught too;
  - the folders' graph of includes and symbol uses has no cycle, and with
    --objects neither has the graph of calls between the files of one
    folder (a folder's files call each other one way too).

Prints one line per violation, "FILE:LINE: ..." for includes, and exits 1
when there is any; 0 and a summary line otherwise; 2 on a usage error.
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def read_layers(root):
    path = os.path.join(root, "LAYERS")
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        sys.exit(f"check_layers: {path}: {e.strerror}; it lists the "
                 "folders, lowest first")
    order = []
    for n, line in enumerate(lines, 1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        name = os.path.normpath(name)
        if name in order:
            sys.exit(f"check_layers: {path}:{n}: '{name}' listed twice")
        if not os.path.isdir(os.path.join(root, name)):
            sys.exit(f"check_layers: {path}:{n}: no folder '{name}' "
                     f"in {root}")
        order.append(name)
    if not order:
        sys.exit(f"check_layers: {path}: no folder listed")
    return order


def folder_of(rel, order):
    """The listed folder holding rel (the deepest one), or None."""
    d = os.path.dirname(rel) or "."
    while True:
        if d in order:
            return d
        if d == ".":
            return None
        d = os.path.dirname(d) or "."


def public_header(folder):
    if folder == ".":
        return None
    return os.path.join(folder, os.path.basename(folder) + ".h")


def sources(root):
    for top, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(top, name), root)


def check_includes(root, order, rank, edges, errors):
    nfiles = 0
    for rel in sources(root):
        nfiles += 1
        own = folder_of(rel, order)
        if own is None:
            errors.append(f"{os.path.join(root, rel)}: in no folder that "
                          "LAYERS lists")
            continue
        with open(os.path.join(root, rel), encoding="utf-8",
                  errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if m:
                    check_one(root, rel, n, own, m.group(1), order, rank,
                              edges, errors)
    return nfiles


def check_one(root, rel, n, own, inc, order, rank, edges, errors):
    where = f"{os.path.join(root, rel)}:{n}"
    local = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
    top = os.path.normpath(inc)
    # a file in ROOT itself names a path from the top either way
    if local != top and os.path.exists(os.path.join(root, local)):
        target = local  # found beside the file, as the compiler does
        if folder_of(target, order) != own:
            errors.append(f"{where}: \"{inc}\" reaches into another "
                          "folder: name it by its path from the top")
    elif os.path.exists(os.path.join(root, top)):
        target = top
    else:
        return  # a header from outside the tree (fio's, a test's)
    other = folder_of(target, order)
    if other is None or other == own:
        return
    edges.add((own, other))
    if rank[other] > rank[own]:
        errors.append(f"{where}: {own}/ includes {other}/, which is above "
                      f"it in LAYERS")
    elif target != public_header(other):
        errors.append(f"{where}: \"{inc}\" is internal to {other}/; its "
                      f"public header is \"{public_header(other)}\"")


def symbols(obj):
    out = subprocess.run(["nm", "--defined-only", "-g", obj],
                         capture_output=True, text=True, check=True).stdout
    defined = {l.split()[-1] for l in out.splitlines() if len(l.split()) == 3}
    out = subprocess.run(["nm", "-u", obj], capture_output=True, text=True,
                         check=True).stdout
    used = {l.split()[-1] for l in out.splitlines() if l.split()}
    return defined, used


def check_symbols(root, objdir, order, rank, edges, errors):
    owner, uses = {}, []
    for rel in sources(root):
        if not rel.endswith(".c"):
            continue
        obj = os.path.join(objdir, rel[:-2] + ".o")
        if not os.path.exists(obj):
            errors.append(f"{obj}: missing (build the tree first)")
            continue
        folder = folder_of(rel, order)
        defined, used = symbols(obj)
        for s in defined:
            owner[s] = (folder, rel)
        uses.append((rel, folder, used))
    calls = set()
    for rel, folder, used in uses:
        for s in sorted(used):
            if s not in owner or folder is None:
                continue
            other, where = owner[s]
            if other == folder:
                calls.add((rel, where))
                continue
            edges.add((folder, other))
            if rank[other] > rank[folder]:
                errors.append(f"{os.path.join(root, rel)}: uses {s} of "
                              f"{where}: {folder}/ is below {other}/")
    files = sorted({r for r, _, _ in uses})
    cycle = find_cycle(files, calls)
    if cycle:
        errors.append(f"{root}: files of one folder call each other in a "
                      f"cycle: {' -> '.join(cycle)}")
    return len(uses)


def find_cycle(order, edges):
    graph = {f: sorted(b for a, b in edges if a == f and a != b)
             for f in order}
    state, stack = {}, []

    def visit(f):
        state[f] = 1
        stack.append(f)
        for g in graph[f]:
            if state.get(g) == 1:
                return stack[stack.index(g):] + [g]
            if not state.get(g):
                c = visit(g)
                if c:
                    return c
        stack.pop()
        state[f] = 2
        return None

    for f in order:
        if not state.get(f):
            c = visit(f)
            if c:
                return c
    return None


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--objects"):
        sys.stderr.write("usage: check_layers.py ROOT [--objects DIR]\n")
        return 2
    root = os.path.normpath(argv[1])
    order = read_layers(root)
    rank = {f: i for i, f in enumerate(order)}
    edges, errors = set(), []
    nfiles = check_includes(root, order, rank, edges, errors)
    nobjs = 0
    if len(argv) == 4:
        nobjs = check_symbols(root, argv[3], order, rank, edges, errors)
    cycle = find_cycle(order, edges)
    if cycle:
        errors.append(f"{root}: folders in a cycle: {' -> '.join(cycle)}")
    for e in errors:
        print(e)
    print(f"layers {root}: {len(order)} folders, {nfiles} files, "
          f"{nobjs} objects, {len(edges)} dependencies between folders, "
          f"{len(errors)} violations")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
