#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
What can be checked of a PowerShell script without PowerShell (no pwsh
package is served here): the script is read with Pygments' PowerShell
lexer (Debian's python3-pygments), then held to what Windows PowerShell
5.1, the one every Windows Server has, would refuse or fail on:

- bytes: ASCII only (5.1 reads a file without a BOM as the ANSI code page);
- tokens: none the lexer cannot read (an unterminated string or here-string);
- brackets: (), {} and [] outside strings and comments pair up and nest;
- strings: no "$name:" in a double-quoted string where name is not a scope
  or drive (5.1's parser refuses it: "Variable reference is not valid");
- operators: none of PowerShell 7's (&&, ||, ??, ?.), which 5.1 cannot parse;
- commands: every Verb-Noun command is a function of the script, defined
  (at the top level) before the top level calls it, with an approved verb,
  or a cmdlet of Windows PowerShell 5.1 listed below;
- variables: every variable read is assigned somewhere in the script (an
  assignment, a parameter, a foreach or for variable) or automatic: under
  Set-StrictMode a variable never set stops the script where it is read.

Not checked: types, .NET members, parameter names of cmdlets, what runs.

Usage: ps1check.py SCRIPT...   (prints "ok FILE" or the problems; exit 1)
"""
import re
import sys

from pygments.lexers import PowerShellLexer
from pygments.token import Comment, Error, Name, String

# Cmdlets of Windows PowerShell 5.1's own modules (Management, Utility,
# Core, CimCmdlets) a script of this project may call; add one only after
# checking that 5.1 has it.
CMDLETS_51 = {
    "Add-Content", "ConvertFrom-Json", "ConvertTo-Json", "Copy-Item",
    "ForEach-Object", "Get-ChildItem", "Get-CimInstance", "Get-Command",
    "Get-Content", "Get-Date", "Get-Item", "Get-PSDrive", "Join-Path",
    "Measure-Object", "New-Item", "Out-File", "Out-Null", "Out-String",
    "Pop-Location", "Push-Location", "Remove-Item", "Resolve-Path",
    "Select-Object", "Set-Content", "Set-Location", "Set-StrictMode",
    "Sort-Object", "Split-Path", "Test-Path", "Where-Object",
    "Write-Error", "Write-Host", "Write-Output", "Write-Verbose",
    "Write-Warning",
}
# Verbs of Get-Verb a function of the script may take.
APPROVED_VERBS = {
    "Add", "Clear", "Close", "Copy", "Enter", "Exit", "Find", "Format",
    "Get", "Hide", "Join", "Lock", "Move", "New", "Open", "Optimize",
    "Pop", "Push", "Redo", "Remove", "Rename", "Reset", "Resize",
    "Search", "Select", "Set", "Show", "Skip", "Split", "Step", "Switch",
    "Undo", "Unlock", "Watch", "Compare", "Compress", "Convert",
    "ConvertFrom", "ConvertTo", "Dismount", "Edit", "Expand", "Export",
    "Group", "Import", "Initialize", "Limit", "Merge", "Mount", "Out",
    "Publish", "Restore", "Save", "Sync", "Unpublish", "Update", "Debug",
    "Measure", "Ping", "Repair", "Resolve", "Test", "Trace", "Invoke",
    "Start", "Stop", "Wait", "Write", "Read", "Receive", "Send",
}
AUTOMATIC = {
    "_", "args", "true", "false", "null", "Matches", "LASTEXITCODE",
    "PSScriptRoot", "PSCommandPath", "PWD", "ErrorActionPreference",
    "ExecutionContext", "PSVersionTable", "Host", "input", "this",
    "PSBoundParameters", "MyInvocation", "Error", "HOME", "PID",
    "VerbosePreference", "WarningPreference",
}
SCOPES = {"env", "global", "script", "local", "private", "using",
          "function", "variable", "alias"}


def problems(path):
    raw = open(path, "rb").read()
    out = []
    for n, line in enumerate(raw.split(b"\n"), 1):
        if any(b > 0x7E or (b < 0x20 and b not in (9, 13)) for b in line):
            out.append("%s:%d: not ASCII (Windows PowerShell 5.1 would "
                       "read it in the ANSI code page)" % (path, n))
    src = raw.decode("ascii", "replace")
    toks = []  # (type, text, line)
    line = 1
    for ttype, text in PowerShellLexer().get_tokens(src):
        toks.append((ttype, text, line))
        line += text.count("\n")
    code = []  # code outside strings and comments, by token
    for ttype, text, ln in toks:
        if ttype in Error:
            out.append("%s:%d: the lexer cannot read %r" % (path, ln, text))
        if ttype in String or ttype in Comment:
            code.append((ln, " " * len(text.replace("\n", ""))))
        else:
            code.append((ln, text))
    out += brackets(path, toks)
    out += string_vars(path, toks)
    out += ps7_operators(path, code)
    out += commands(path, toks)
    out += variables(path, toks)
    return out


def brackets(path, toks):
    pairs = {")": "(", "}": "{", "]": "["}
    stack, out = [], []
    for ttype, text, ln in toks:
        if ttype in String or ttype in Comment:
            continue
        for ch in text:
            if ch in "({[":
                stack.append((ch, ln))
            elif ch in pairs:
                if not stack or stack[-1][0] != pairs[ch]:
                    out.append("%s:%d: '%s' closes %s" % (
                        path, ln, ch, "nothing" if not stack else
                        "'%s' of line %d" % stack[-1]))
                    return out
                stack.pop()
    for ch, ln in stack:
        out.append("%s:%d: '%s' never closed" % (path, ln, ch))
    return out


def literals(toks):
    """The double-quoted strings: (first line, last line, their text with
    each $(...) as NUL, closed)."""
    out, cur = [], None
    for ttype, text, ln in toks:
        if ttype in String.Double and text == '"':
            if cur is None:
                cur = [ln, ln, ""]
            else:
                out.append((cur[0], ln, cur[2], True))
                cur = None
        elif cur is not None:
            if ttype in String.Double:
                cur[2] += text
            elif ttype not in String.Escape:
                cur[2] += "\0"
            cur[1] = ln
    if cur is not None:
        out.append((cur[0], cur[1], cur[2], False))
    return out


def string_vars(path, toks):
    out = []
    for first, last, text, closed in literals(toks):
        if not closed:
            out.append("%s:%d: string never closed" % (path, first))
        elif "\n" in text:
            out.append("%s:%d: a string runs to line %d (a quote missing? "
                       "write a here-string)" % (path, first, last))
        for m in re.finditer(r"(?<!`)\$([A-Za-z_][A-Za-z0-9_]*):"
                             r"(?![A-Za-z0-9_{])", text):
            if m.group(1).lower() not in SCOPES:
                out.append("%s:%d: \"$%s:\" in a string: write ${%s}:" % (
                    path, first, m.group(1), m.group(1)))
    for ttype, text, ln in toks:
        if ttype in String.Single and "\n" in text:
            out.append("%s:%d: a string runs to line %d (a quote missing? "
                       "write a here-string)"
                       % (path, ln, ln + text.count("\n")))
    return out


def string_reads(toks):
    """The variables a double-quoted string reads: $name and ${name}."""
    reads = []
    for first, _, text, _ in literals(toks):
        for m in re.finditer(r"(?<!`)\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|"
                             r"([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_]|:[A-Za-z]))",
                             text):
            reads.append((m.group(1) or m.group(2), first))
    return reads


def ps7_operators(path, code):
    lines = {}
    for ln, text in code:
        for i, part in enumerate(text.split("\n")):
            lines[ln + i] = lines.get(ln + i, "") + part
    out = []
    for ln in sorted(lines):
        for op in ("&&", "||", "??", "?."):
            if op in lines[ln]:
                out.append("%s:%d: '%s' is PowerShell 7's: Windows "
                           "PowerShell 5.1 cannot parse it" % (path, ln, op))
    return out


def commands(path, toks):
    out, defined, depth = [], {}, 0
    calls = []  # (name, line, depth)
    prev = ""
    for ttype, text, ln in toks:
        if ttype in String or ttype in Comment:
            continue
        if prev == "function" and re.match(r"^[A-Za-z]+-[A-Za-z]+$", text):
            defined[text] = ln
        elif re.match(r"^[A-Z][A-Za-z]+-[A-Z][A-Za-z]+$", text):
            calls.append((text, ln, depth))
        for ch in text:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
        if text.strip():
            prev = text.strip().lower() if ttype in Name or \
                text.strip() == "function" else text.strip()
    for name, ln in defined.items():
        if name.split("-")[0] not in APPROVED_VERBS:
            out.append("%s:%d: function %s: '%s' is no approved verb "
                       "(Get-Verb)" % (path, ln, name, name.split("-")[0]))
    for name, ln, depth in calls:
        if name in defined:
            if depth == 0 and ln < defined[name]:
                out.append("%s:%d: %s is called before its definition "
                           "(line %d)" % (path, ln, name, defined[name]))
        elif name not in CMDLETS_51:
            out.append("%s:%d: %s is neither a function of the script nor "
                       "a cmdlet of Windows PowerShell 5.1 known here"
                       % (path, ln, name))
    return out


def variables(path, toks):
    assigned, reads = set(AUTOMATIC), []
    flat = [(ttype, text, ln) for ttype, text, ln in toks
            if not (ttype in Comment) and text.strip()]
    for i, (ttype, text, ln) in enumerate(flat):
        if ttype not in Name.Variable:
            continue
        name = text[1:].strip("{}")
        if ":" in name:
            continue  # $env:X, $script:X
        nxt = flat[i + 1][1].strip() if i + 1 < len(flat) else ""
        before = [t for _, t, _ in flat[max(0, i - 3):i]]
        # $x = ..., $x += ..., $a, $b = ..., [type]$p in a param list,
        # foreach ($x in ...)
        if (re.match(r"^[-+*/]?=$", nxt) and not nxt.startswith("==")) or \
                (nxt == "," and is_multi_assign(flat, i)) or \
                (before and before[-1].endswith("]") and
                 is_param(flat, i)) or \
                (nxt == "in" and "foreach" in [b.lower() for b in before]):
            assigned.add(name.lower())
        else:
            reads.append((name, ln))
    reads += string_reads(toks)
    return ["%s:%d: $%s is read but never set (Set-StrictMode stops "
            "there)" % (path, ln, name)
            for name, ln in reads if name.lower() not in
            {a.lower() for a in assigned}]


def is_multi_assign(flat, i):
    """$a, $b = ...: variables and commas up to an '='."""
    j = i + 1
    while j < len(flat) and (flat[j][1].strip() == "," or
                             flat[j][0] in Name.Variable):
        j += 1
    return j < len(flat) and flat[j][1].strip() == "="


def is_param(flat, i):
    """[type]$p inside param( ... ) or function F( ... )."""
    depth = 0
    for j in range(i - 1, -1, -1):
        t = flat[j][1]
        depth += t.count(")") - t.count("(")
        if depth < 0:
            k = j - 1
            return k >= 0 and (flat[k][1].strip().lower() == "param" or
                               re.match(r"^[A-Za-z]+-[A-Za-z]+$",
                                        flat[k][1].strip()) is not None)
    return False


def main():
    bad = 0
    for path in sys.argv[1:]:
        found = problems(path)
        for p in found:
            print(p)
        if found:
            bad += 1
        else:
            print("ok %s" % path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
