#!/usr/bin/env python3
"""Writes the table of clang 19's driver options that jomp's driver knows without implementing
(driver/src/main/resources/jomp/driver/options/clang19-options.txt), read off clang-19 itself:

  candidates: `clang-19 --autocomplete=-` (the visible options and every -W warning name) plus
              every option-like string in libclang-cpp (hidden and ignored options too);
  for each:   `clang-19 -### -c a.c OPT` says whether clang knows it ("unknown argument"),
              whether it takes a value ("argument to ... is missing"), and what clang warns;
              OPTzq tells a joined form from a flag; `clang-19 -### a.o OPT` what clang warns
              when only linking.

Each line: FORM C-WARNING LINK-WARNING SPELLING, where FORM is flag, joined, separate or
joined-or-separate, and a warning is '-' (none), 'opt' (optimization flag '%s' is not
supported [-Wignored-optimization-argument]) or 'unused' (argument unused during compilation:
'%s' [-Wunused-command-line-argument]). Warning names (-Wfoo, without 'no-') follow a line
'# warnings'. Run it again when the clang the project follows changes: driver/tools/clang-options.py
"""
import os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

CLANG = os.environ.get("CLANG", "clang-19")
LIB = "/usr/lib/llvm-19/lib/libclang-cpp.so.19.1"
OUT = os.path.join(os.path.dirname(__file__), "..", "src", "main", "resources", "jomp", "driver", "options", "clang19-options.txt")
# -W spellings that are options of their own rather than warning names
W_OPTIONS = {"-W", "-Wa,", "-Wl,", "-Wp,", "-Wframe-larger-than=", "-Wlarge-by-value-copy=",
             "-Wsystem-headers-in-module=", "-Wundef-prefix=", "-Wlarge-by-value-copy", "-Wframe-larger-than"}

work = tempfile.mkdtemp()
open(os.path.join(work, "a.c"), "w").write("int main(void){return 0;}\n")
open(os.path.join(work, "a.o"), "w").write("")

def clang(*args):
    try:
        p = subprocess.run([CLANG, "-###", *args], cwd=work, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=20)
        return p.stderr.decode("latin-1")
    except subprocess.TimeoutExpired:
        return "timeout"

def unknown(err, s):
    return ("unknown argument: '%s'" % s) in err or ("unknown argument '%s'" % s) in err

def warning(err, shown):
    if ("optimization flag '%s' is not supported" % shown) in err: return "opt"
    if ("argument unused during compilation: '%s'" % shown) in err: return "unused"
    return "-"

def classify(s):
    err = clang("-c", "a.c", s)
    if unknown(err, s) or err == "timeout": return None
    if ("argument to '%s' is missing" % s) in err:
        joined = not unknown(clang("-c", "a.c", s + "zq"), s + "zq")
        form = "joined-or-separate" if joined else "separate"
        c = warning(clang("-c", "a.c", s, "x"), s + " x")
        l = warning(clang("a.o", s, "x"), s + " x")
        return form, c, l
    if s.endswith("=") or s.endswith(","):
        form = "joined"
    else:
        form = "flag" if unknown(clang("-c", "a.c", s + "zq"), s + "zq") else "joined"
    return form, warning(err, s), warning(clang("a.o", s), s)

def main():
    auto = subprocess.run([CLANG, "--autocomplete=-"], capture_output=True, text=True).stdout.splitlines()
    auto = {line.split("\t")[0] for line in auto if line.startswith("-")}
    strings = subprocess.run(["strings", "-n", "2", LIB], capture_output=True, text=True, errors="replace").stdout.split("\n")
    pat = re.compile(r"^--?[A-Za-z#][A-Za-z0-9_,=.+:#/-]*$")
    cands = auto | {s for s in strings if pat.match(s)}
    # warning names: what autocompletion offers after -W (clang's diagnostic groups)
    warnings = sorted({s[2:] for s in auto if s.startswith("-W") and s not in W_OPTIONS and not s.startswith("-Wno-")} |
                      {s[5:] for s in auto if s.startswith("-Wno-") and s not in W_OPTIONS})
    opts = sorted(s for s in cands if not s.startswith("-W") or s in W_OPTIONS)
    with ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2"))) as ex:
        results = list(ex.map(classify, opts))
    known = {s: r for s, r in zip(opts, results) if r is not None}
    # an instance of a joined option that libclang-cpp happens to hold (-fopenmp-targets=nvptx64)
    # is not an option of its own unless autocompletion lists it
    joined = {s for s, r in known.items() if r[0] in ("joined", "joined-or-separate")}
    def instance(s):
        return s not in auto and any(s != p and s.startswith(p) for p in joined if len(p) > 2)
    with open(OUT, "w") as f:
        f.write("# clang 19's driver options, read off clang-19 by driver/tools/clang-options.py; do not edit.\n")
        f.write("# FORM WARNING-WHEN-COMPILING WARNING-WHEN-LINKING SPELLING\n")
        for s in sorted(known):
            if instance(s): continue
            form, c, l = known[s]
            f.write("%s %s %s %s\n" % (form, c, l, s))
        f.write("# warnings\n")
        for w in warnings:
            if w: f.write(w + "\n")
    print("wrote", OUT, len(known), "options,", len(warnings), "warnings")

main()
