#!/usr/bin/env python3
"""A random C program generator for what Csmith leaves out (tests/fuzz/csmith.sh --gen jgen): floating
point (float and double arithmetic, conversions, sqrt/fabs/floor), structs passed and returned by value,
switch with fall-through, bit-fields (plain, packed, #pragma pack), and OpenMP loops whose result does not
depend on the number of threads (reductions of unsigned sums, disjoint array writes, collapse, schedules).

Every program is free of undefined behaviour by construction (YARPGen's approach, simplified): integer
arithmetic is done in unsigned types and converted back (gcc's conversion is modulo), divisors and shift
counts are guarded, floating-point values reach integers only through a clamping helper, loops have
constant trip counts, calls form no cycles. The program folds every value it computes into a 64-bit
FNV-1a hash and prints "checksum = ..." like Csmith's programs, so the same harness compares it.

Usage: gen.py SEED [--no-omp]   (the same seed always gives the same program)
"""
import random
import sys

INTS = ["int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t"]
FLOATS = ["float", "double"]
UNSIGNED_OF = {"int8_t": "uint32_t", "uint8_t": "uint32_t", "int16_t": "uint32_t", "uint16_t": "uint32_t",
               "int32_t": "uint32_t", "uint32_t": "uint32_t", "int64_t": "uint64_t", "uint64_t": "uint64_t"}


class Gen:
    def __init__(self, seed, omp):
        self.r = random.Random(seed)
        self.omp = omp
        self.out = []
        self.structs = []      # (name, [(field, type, bits or None)], packed)
        self.globals = []      # (name, type)
        self.funcs = []        # (name, ret type, [(param, type)])
        self.counters = set()  # loop counters: read, never assigned
        self.tmp = 0

    # ---- types and values ----
    def scalar(self):
        return self.r.choice(INTS + FLOATS) if self.r.random() < 0.35 else self.r.choice(INTS)

    def literal(self, t):
        r = self.r
        if t in FLOATS:
            v = r.choice([0.0, 1.0, -1.5, 0.1, 3.0e10, -2.5e-5, 123456.789, 1e-30, 7.0])
            v = v * r.choice([1, -1, 0.5, 3])
            return repr(float(v)) + ("f" if t == "float" else "")
        bits = int(t.lstrip("uint").rstrip("_t"))
        signed = not t.startswith("u")
        pick = r.choice([0, 1, 2, 3])
        if pick == 0:
            v = r.randint(0, 9)
        elif pick == 1:
            v = r.randint(0, (1 << bits) - 1)
        elif pick == 2:
            v = (1 << bits) - 1 - r.randint(0, 3)
        else:
            v = 1 << r.randint(0, bits - 1)
        if signed and v >= 1 << (bits - 1):
            v -= 1 << bits
        if bits == 64:
            return "(%s)%s" % (t, ("%dLL" % v) if v != -(1 << 63) else "(-9223372036854775807LL - 1)") if signed else "%dULL" % v
        return "(%s)%d" % (t, v) if v >= -(1 << 31) else "(%s)(%dLL)" % (t, v)

    # ---- expressions: (text, type); every one defined for all values of its operands ----
    def expr(self, t, scope, depth=0):
        r = self.r
        if depth > 3 or r.random() < 0.3:
            return self.leaf(t, scope)
        if t in FLOATS:
            k = r.randint(0, 6)
            a, b = self.expr(t, scope, depth + 1), self.expr(t, scope, depth + 1)
            if k <= 2:
                return "(%s %s %s)" % (a, "+-*"[k], b)
            if k == 3:
                return "(%s / %s)" % (a, b)          # IEEE: inf and NaN are defined
            if k == 4:
                return ("fabs(%s)" if t == "double" else "fabsf(%s)") % a
            if k == 5:
                return ("sqrt(fabs(%s))" if t == "double" else "sqrtf(fabsf(%s))") % a
            return "(%s)(%s)" % (t, self.expr(r.choice(INTS + FLOATS), scope, depth + 1))
        u = UNSIGNED_OF[t]
        k = r.randint(0, 11)
        a, b = self.expr(t, scope, depth + 1), self.expr(t, scope, depth + 1)
        if k <= 2:
            return "(%s)((%s)%s %s (%s)%s)" % (t, u, a, "+-*"[k], u, b)
        if k == 3:
            return "(%s)((%s)%s %s (%s)%s)" % (t, u, a, r.choice("&|^"), u, b)
        if k == 4:
            w = 31 if u == "uint32_t" else 63
            return "(%s)((%s)%s %s ((%s)%s & %d))" % (t, u, a, r.choice(["<<", ">>"]), u, b, w)
        if k == 5:   # unsigned division and remainder, the divisor made non-zero
            return "(%s)((%s)%s %s ((%s)%s | 1))" % (t, u, a, r.choice("/%"), u, b)
        if k == 6:   # signed division of non-negative operands
            return "(%s)(((%s)%s & 0x7fff) %s (((%s)%s & 0xff) + 1))" % (t, u, a, r.choice("/%"), u, b)
        if k == 7:
            return "(%s)(%s %s %s)" % (t, a, r.choice(["<", "<=", "==", "!=", ">", ">="]), b)
        if k == 8:
            return "(%s)(%s ? %s : %s)" % (t, self.cond(scope, depth + 1), a, b)
        if k == 9:   # from floating point, through the clamp
            f = r.choice(FLOATS)
            return "(%s)clamp(%s)" % (t, self.expr(f, scope, depth + 1))
        if k == 10:
            return "(%s)(~(%s)%s)" % (t, u, a)
        return "(%s)(%s)" % (t, self.expr(r.choice(INTS), scope, depth + 1))

    def cond(self, scope, depth):
        t = self.scalar()
        a, b = self.expr(t, scope, depth + 1), self.expr(t, scope, depth + 1)
        return "(%s %s %s)" % (a, self.r.choice(["<", "<=", "==", "!=", ">", ">="]), b)

    def leaf(self, t, scope):
        r = self.r
        cands = [n for n, ty in scope if ty == t]
        if cands and r.random() < 0.7:
            return r.choice(cands)
        sfields = [(s, f) for s, ty in scope for (sn, fields, _) in self.structs if ty == "struct " + sn
                   for f in fields if f[1] == t]
        if sfields and r.random() < 0.6:
            s, f = r.choice(sfields)
            return "%s.%s" % (s, f[0])
        return self.literal(t)

    def lvalues(self, scope):
        out = [(n, t) for n, t in scope if not t.startswith("struct") and n not in self.counters]
        for s, ty in scope:
            for sn, fields, _ in self.structs:
                if ty == "struct " + sn:
                    out += [("%s.%s" % (s, f[0]), f[1]) for f in fields if not f[1].startswith("struct")]
        return out

    # ---- declarations ----
    def struct_decls(self):
        for i in range(self.r.randint(1, 3)):
            fields = []
            for j in range(self.r.randint(2, 6)):
                if self.r.random() < 0.35:
                    base = self.r.choice(["int32_t", "uint32_t", "int64_t", "uint64_t", "int16_t", "uint8_t"])
                    width = self.r.randint(1, int(base.lstrip("uint").rstrip("_t")))
                    fields.append(("f%d" % j, base, width))
                else:
                    fields.append(("f%d" % j, self.scalar(), None))
            packed = self.r.choice([None, None, "attr", "pragma1", "pragma2"])
            name = "S%d" % i
            body = " ".join("%s %s%s;" % (t, n, (" : %d" % b) if b else "") for n, t, b in fields)
            if packed == "attr":
                self.out.append("struct __attribute__((packed)) %s { %s };" % (name, body))
            elif packed:
                self.out.append("#pragma pack(push, %s)" % packed[-1])
                self.out.append("struct %s { %s };" % (name, body))
                self.out.append("#pragma pack(pop)")
            else:
                self.out.append("struct %s { %s };" % (name, body))
            self.structs.append((name, fields, packed))

    def init_struct(self, sn):
        fields = next(f for n, f, _ in self.structs if n == sn)
        # a value too wide for a bit-field is cut to its width (implementation-defined: gcc's modulo)
        return "{ " + ", ".join(self.literal(t) for n, t, b in fields) + " }"

    def global_decls(self):
        for i in range(self.r.randint(3, 8)):
            t = self.scalar()
            self.out.append("static %s g%d = %s;" % (t, i, self.literal(t)))
            self.globals.append(("g%d" % i, t))
        for s, _, _ in self.structs:
            self.out.append("static struct %s gs_%s = %s;" % (s, s, self.init_struct(s)))
            self.globals.append(("gs_" + s, "struct " + s))
        t = self.r.choice(INTS)
        self.arr_t, self.arr_n = t, self.r.choice([8, 16, 64, 100])
        self.out.append("static %s garr[%d];" % (t, self.arr_n))

    # ---- statements ----
    def block(self, scope, depth, ret):
        lines = []
        # small enough that a function stays within a JVM method (64 KiB of bytecode) as a rule
        for _ in range(self.r.randint(2, 5 if depth == 0 else 2)):
            lines += self.stmt(scope, depth, ret)
        return lines

    def stmt(self, scope, depth, ret):
        r = self.r
        k = r.randint(0, 9 if depth < 2 else 3)
        lv = self.lvalues(scope)
        structs = [(n, t) for n, t in scope if t.startswith("struct")]
        if k == 0 and structs and r.random() < 0.3:   # a struct copied whole
            n, t = r.choice(structs)
            return ["%s = %s;" % (n, r.choice([m for m, u in structs if u == t]))]
        if k <= 1 and lv:   # assignment, maybe compound
            n, t = r.choice(lv)
            if t in FLOATS or r.random() < 0.6:
                return ["%s = %s;" % (n, self.expr(t, scope))]
            u = UNSIGNED_OF[t]
            return ["%s = (%s)((%s)%s %s (%s)%s);" % (n, t, u, n, r.choice("+-*^|&"), u, self.expr(t, scope))]
        if k == 2:   # a new local
            t = self.scalar()
            self.tmp += 1
            name = "l%d" % self.tmp
            init = self.expr(t, scope)      # before the name is in scope: "int x = x + 1" reads an indeterminate value
            scope.append((name, t))
            return ["%s %s = %s;" % (t, name, init)]
        if k == 3:
            return ["hash_%s(%s);" % (self.kind(t), n) for n, t in r.sample(lv, min(2, len(lv)))] if lv else []
        if k == 4:
            c = self.cond(scope, depth)
            out = ["if %s {" % c] + self.block(list(scope), depth + 1, ret) + ["} else {"] + self.block(list(scope), depth + 1, ret) + ["}"]
            return out
        if k == 5:   # a counted loop
            self.tmp += 1
            i = "i%d" % self.tmp
            self.counters.add(i)
            body = self.block(list(scope) + [(i, "int32_t")], depth + 1, ret)
            return ["for (int32_t %s = 0; %s < %d; %s++) {" % (i, i, r.randint(1, 12), i)] + body + ["}"]
        if k == 6:   # switch with fall-through, a nested break, default anywhere
            t = r.choice(INTS)
            cases = sorted(r.sample(range(-3, 12), r.randint(1, 5)))
            out = ["switch ((int32_t)(%s) & 15) {" % self.expr(t, scope)]
            dpos = r.randint(0, len(cases))
            for j, c in enumerate(cases):
                if j == dpos:
                    out += ["default: {"] + self.block(list(scope), depth + 1, ret) + ["}"]
                out += ["case %d: {" % c] + self.block(list(scope), depth + 1, ret) + ["}"]
                if r.random() < 0.6:
                    out.append("break;")
            if dpos == len(cases):
                out += ["default: {"] + self.block(list(scope), depth + 1, ret) + ["}"]
            return out + ["}"]
        if k == 7 and self.funcs and depth == 0:   # a call (not in a loop: run time stays small), structs by value
            f, rt, params = r.choice(self.funcs)
            args = ", ".join(self.arg(t, scope) for _, t in params)
            if rt.startswith("struct"):
                targets = [n for n, t in scope if t == rt]
                if targets:
                    return ["%s = %s(%s);" % (r.choice(targets), f, args)]
                return ["hash_struct_%s(%s(%s));" % (rt.split()[1], f, args)]
            return ["hash_%s(%s(%s));" % (self.kind(rt), f, args)]
        if k == 8:   # array writes through an index and a pointer
            self.tmp += 1
            i = "i%d" % self.tmp
            self.counters.add(i)
            e = self.expr(self.arr_t, list(scope) + [(i, "int32_t")])
            return ["for (int32_t %s = 0; %s < %d; %s++) {" % (i, i, self.arr_n, i),
                    "%s *p_%s = &garr[%s];" % (self.arr_t, i, i),
                    "*p_%s = (%s)(*p_%s + %s);" % (i, self.arr_t, i, e) if self.arr_t.startswith("u") else
                    "*p_%s = (%s)((%s)*p_%s + (%s)%s);" % (i, self.arr_t, UNSIGNED_OF[self.arr_t], i, UNSIGNED_OF[self.arr_t], e),
                    "}"]
        if k == 9 and self.omp and depth == 0:
            return self.omp_loop(scope)
        return []

    def arg(self, t, scope):
        if t.startswith("struct"):
            c = [n for n, ty in scope if ty == t]
            return self.r.choice(c) if c else "gs_" + t.split()[1]
        return self.expr(t, scope, 2)

    def omp_loop(self, scope):
        r = self.r
        self.tmp += 1
        i, acc = "i%d" % self.tmp, "acc%d" % self.tmp
        self.counters.update([i, i + "j"])
        n = r.choice([10, 100, 1000])
        e = self.expr("uint64_t", [(i, "int32_t")] + [(g, t) for g, t in self.globals if not t.startswith("struct")], 1)
        sched = r.choice(["", " schedule(static)", " schedule(dynamic, 3)", " schedule(guided)", " schedule(static, 7)"])
        k = r.randint(0, 2)
        if k == 0:
            return ["{ uint64_t %s = 0;" % acc, "#pragma omp parallel for reduction(+:%s)%s" % (acc, sched),
                    "for (int32_t %s = 0; %s < %d; %s++) %s += %s;" % (i, i, n, i, acc, e), "hash_u(%s); }" % acc]
        if k == 1:
            j = i + "j"
            e2 = self.expr("uint64_t", [(i, "int32_t"), (j, "int32_t")], 2)
            return ["{ uint64_t %s = 0;" % acc, "#pragma omp parallel for collapse(2) reduction(^:%s)%s" % (acc, sched),
                    "for (int32_t %s = 0; %s < 9; %s++) for (int32_t %s = 0; %s < 7; %s++) %s ^= %s * 31 + (uint64_t)(%s * 7 + %s);" % (
                        i, i, i, j, j, j, acc, e2, i, j), "hash_u(%s); }" % acc]
        t = self.arr_t
        return ["#pragma omp parallel for%s" % sched,
                "for (int32_t %s = 0; %s < %d; %s++) garr[%s] = (%s)(%s);" % (i, i, self.arr_n, i, i, t, self.expr(t, [(i, "int32_t")], 1)),
                "for (int32_t %s = 0; %s < %d; %s++) hash_u((uint64_t)garr[%s]);" % (i, i, self.arr_n, i, i)]

    def kind(self, t):
        return "d" if t == "double" else "f" if t == "float" else "u"

    def function(self, idx):
        r = self.r
        rt = r.choice(["struct " + s for s, _, _ in self.structs] + [self.scalar(), self.scalar()])
        params = []
        for j in range(r.randint(0, 4)):
            t = r.choice(["struct " + s for s, _, _ in self.structs] + [self.scalar()] * 2)
            params.append(("p%d" % j, t))
        name = "fn%d" % idx
        scope = list(self.globals) + params
        if rt.startswith("struct"):
            self.tmp += 1
            res = "res%d" % self.tmp
            scope.append((res, rt))
            body = ["%s %s = %s;" % (rt, res, self.arg(rt, scope[:-1]))] + self.block(scope, 0, rt) + ["return %s;" % res]
        else:
            body = self.block(scope, 0, rt) + ["return %s;" % self.expr(rt, scope)]
        sig = "static %s %s(%s)" % (rt, name, ", ".join("%s %s" % (t, n) for n, t in params) or "void")
        self.out += [sig + " {"] + ["    " + l for l in body] + ["}"]
        self.funcs.append((name, rt, params))   # after its body: no recursion

    def program(self):
        o = self.out
        o += ["#include <stdio.h>", "#include <stdint.h>", "#include <string.h>", "#include <math.h>", "",
              "static uint64_t crc = 0xcbf29ce484222325ULL;",
              "static void hash_u(uint64_t v) { for (int i = 0; i < 8; i++) { crc ^= (v >> (8 * i)) & 0xff; crc *= 0x100000001b3ULL; } }",
              "/* NaNs hash alike: their sign and payload are not what is compared */",
              "static void hash_d(double d) { uint64_t u; if (d != d) d = 0.125; memcpy(&u, &d, 8); hash_u(u); }",
              "static void hash_f(float f) { uint32_t u; if (f != f) f = 0.25f; memcpy(&u, &f, 4); hash_u(u); }",
              "/* a floating-point value as an integer, defined for every value (C says nothing of out-of-range ones) */",
              "static int64_t clamp(double d) { return d > -1e18 && d < 1e18 ? (int64_t)d : (d > 0 ? 7 : -7); }", ""]
        self.struct_decls()
        for s, fields, _ in self.structs:
            parts = ["hash_%s(x.%s);" % (self.kind(t), n) for n, t, _ in fields]
            o.append("static void hash_struct_%s(struct %s x) { %s }" % (s, s, " ".join(parts)))
        self.global_decls()
        for i in range(self.r.randint(2, 6)):
            self.function(i)
        scope = list(self.globals)
        body = self.block(scope, 0, "int")
        for f, rt, params in self.funcs:
            args = ", ".join(self.arg(t, scope) for _, t in params)
            body.append(("hash_struct_%s(%s(%s));" % (rt.split()[1], f, args)) if rt.startswith("struct")
                        else "hash_%s(%s(%s));" % (self.kind(rt), f, args))
        for n, t in self.globals:
            body.append("hash_struct_%s(%s);" % (t.split()[1], n) if t.startswith("struct") else "hash_%s(%s);" % (self.kind(t), n))
        body.append("for (int i = 0; i < %d; i++) hash_u((uint64_t)garr[i]);" % self.arr_n)
        body.append('printf("checksum = %016llX\\n", (unsigned long long)crc);')
        body.append("return 0;")
        o += ["int main(void) {"] + ["    " + l for l in body] + ["}"]
        return "\n".join(o) + "\n"


def main():
    seed = int(sys.argv[1])
    sys.stdout.write(Gen(seed, "--no-omp" not in sys.argv).program())


if __name__ == "__main__":
    main()
