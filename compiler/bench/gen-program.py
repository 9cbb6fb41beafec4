#!/usr/bin/env python3
"""Generates a C program of about N lines for the compile-speed benchmark.

Usage: gen-program.py LINES > prog.c

The program is made of many small functions of realistic shape (loops, arithmetic, arrays,
structs, calls, switch) so that every stage of the frontend is exercised, and a main that calls
a few of them and prints a checksum, so the same file also checks that the result runs right.
"""
import sys

def function(i):
    return f"""
struct rec{i} {{ int a; double b; char name[8]; }};
static int helper{i}(int x, int y) {{
    int acc = 0;
    for (int k = 0; k < x; k++) {{
        acc += (k * {i % 7 + 1}) ^ y;
        if (acc > 100000) acc -= 99991;
    }}
    return acc;
}}
int func{i}(int n) {{
    int arr[16];
    struct rec{i} r = {{ n, n * 0.5, "r{i % 1000}" }};
    for (int j = 0; j < 16; j++) arr[j] = j * n + {i};
    switch (n & 3) {{
    case 0: r.a += arr[3]; break;
    case 1: r.a -= arr[5]; break;
    case 2: r.a *= 2; break;
    default: r.a = helper{i}(n & 15, arr[7]);
    }}
    double t = r.b;
    while (t > 1.0) t /= 3.0;
    return r.a + (int)(t * 10) + helper{i}(4, n);
}}
"""

def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    per = function(0).count("\n")
    count = max(1, lines // per)
    out = ['#include <stdio.h>']
    for i in range(count):
        out.append(function(i))
    out.append("int main(void) {\n    long sum = 0;")
    for i in range(0, count, max(1, count // 50)):
        out.append(f"    sum += func{i}({i % 97});")
    out.append('    printf("%ld\\n", sum);\n    return 0;\n}')
    sys.stdout.write("\n".join(out) + "\n")

main()
