package jomp.frontend.lower;

import jomp.frontend.ast.Stmt;

/** interop and dispatch (OpenMP 5.2 §14.1, §7.6). */
final class InteropLowering {
    private final OmpLowering omp;
    private final FunctionLowering f;

    InteropLowering(OmpLowering omp, FunctionLowering f) { this.omp = omp; this.f = f; }

    void interop(Stmt.Omp o) {}

    void dispatch(Stmt.Omp o) { f.stmt(o.body()); }
}
