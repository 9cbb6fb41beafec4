#!/usr/bin/env python3
"""Writes clang 19's warning groups (compiler/diag/src/main/resources/jomp/compiler/diag/clang19-warnings.txt),
read off clang-19's diagtool: which group contains which (`diagtool tree`), which groups hold
diagnostics of their own (`diagtool list-warnings`) and which of those are on by default
(`diagtool show-enabled` with no flags). jomp's -W, -Wno-, -Werror=, -Wno-error=, -Wall, -Wextra
work on these groups as clang's do. Each line: NAME DEFAULT-ON(0/1) HAS-DIAGNOSTICS(0/1) PARENT...
Run it again when the clang the project follows changes: driver/tools/clang-warnings.py
"""
import os, re, subprocess, tempfile

DIAGTOOL = os.environ.get("DIAGTOOL", "diagtool-19")
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "compiler", "diag", "src", "main", "resources", "jomp", "frontend", "diag", "clang19-warnings.txt")

tree = subprocess.run([DIAGTOOL, "tree"], capture_output=True, text=True).stdout.splitlines()
parents, stack = {}, ["<root>"]   # the tree's root is "-W" alone, at depth 0
for line in tree:
    m = re.match(r"^( *)-W(\S+)$", line)
    if not m: continue
    depth = len(m.group(1)) // 2
    name = m.group(2)
    stack = stack[:depth] + [name]
    parents.setdefault(name, [])
    if depth >= 2:   # depth 1 is a top-level group
        p = stack[depth - 1]
        if p not in parents[name]: parents[name].append(p)
direct = set()
for line in subprocess.run([DIAGTOOL, "list-warnings"], capture_output=True, text=True).stdout.splitlines():
    m = re.search(r"\[-W([^\]]+)\]", line)
    if m: direct.add(m.group(1))
work = tempfile.mkdtemp()
open(os.path.join(work, "a.c"), "w").write("int x;\n")
on = set()
for line in subprocess.run([DIAGTOOL, "show-enabled", os.path.join(work, "a.c")], capture_output=True, text=True).stdout.splitlines():
    m = re.search(r"\[-W([^\]]+)\]", line)
    if m and not line.startswith("E"): on.add(m.group(1))
for g in direct: parents.setdefault(g, [])
with open(OUT, "w") as f:
    f.write("# clang 19's warning groups, read off diagtool-19 by driver/tools/clang-warnings.py; do not edit.\n")
    f.write("# NAME DEFAULT-ON HAS-DIAGNOSTICS PARENT-GROUPS...\n")
    for g in sorted(parents):
        f.write(" ".join([g, "1" if g in on else "0", "1" if g in direct else "0"] + parents[g]) + "\n")
print("wrote", OUT, len(parents), "groups")
