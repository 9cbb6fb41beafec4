"""CuPy's versions of BabelStream's kernels and zaxpy (complex double) over 2^lg elements, timed
with CUDA events (best of 20), for tests/gpu/run.sh. Usage: python3 reference.py [lg=25]"""
import sys
import cupy as cp

lg = int(sys.argv[1]) if len(sys.argv) > 1 else 25
n = 1 << lg
a, b, c = cp.full(n, 0.1), cp.full(n, 0.2), cp.zeros(n)
x, y = cp.zeros(n, dtype=cp.complex128), cp.zeros(n, dtype=cp.complex128)
s, za = 0.4, complex(2.0, 0.5)
kernels = [
    ("d2d-memcpy", 16 * n, lambda: cp.cuda.runtime.memcpy(c.data.ptr, a.data.ptr, 8 * n, cp.cuda.runtime.memcpyDeviceToDevice)),
    ("copy", 16 * n, lambda: cp.copyto(c, a)),
    ("mul", 16 * n, lambda: cp.multiply(c, s, out=b)),
    ("add", 24 * n, lambda: cp.add(a, b, out=c)),
    ("triad", 24 * n, lambda: cp.add(b, s * c, out=a)),   # CuPy makes a temporary for s*c, as a user would write it
    ("dot", 16 * n, lambda: cp.dot(a, b)),
    ("zaxpy", 48 * n, lambda: cp.add(za * x, y, out=y)),
]
e0, e1 = cp.cuda.Event(), cp.cuda.Event()
best = {}
for name, nbytes, f in kernels:
    f()
    t = 1e30
    for _ in range(20):
        e0.record(); f(); e1.record(); e1.synchronize()
        t = min(t, cp.cuda.get_elapsed_time(e0, e1))
    best[name] = (t, nbytes)
peak = best["d2d-memcpy"][1] / best["d2d-memcpy"][0]
print(f"{'kernel':<11} {'ms':>10} {'GB/s':>10} {'of-d2d':>8}")
for name, (t, nbytes) in best.items():
    print(f"{name:<11} {t:10.4f} {nbytes / t / 1e6:10.1f} {nbytes / t / peak:8.2f}")
