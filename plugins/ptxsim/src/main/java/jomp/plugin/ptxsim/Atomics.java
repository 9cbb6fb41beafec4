package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.Opcodes.*;
import static jomp.plugin.ptxsim.PtxType.*;

/** The new value of an atomic read-modify-write (atom and red): op(old, b[, c]) in the type. */
final class Atomics {
    private Atomics() {}

    static long apply(int op, int t, long old, long b, long c) {
        switch (op) {
            case A_ADD:
                if (t == F32) return Float.floatToRawIntBits(Alu.f(old) + Alu.f(b)) & 0xFFFFFFFFL;
                if (t == F64) return Double.doubleToRawLongBits(Alu.d(old) + Alu.d(b));
                return extend(t, old + b);
            case A_MIN:
            case A_MAX: {
                if (t == F32) {
                    float x = Alu.f(old), y = Alu.f(b);
                    return Float.floatToRawIntBits(op == A_MIN ? Math.min(x, y) : Math.max(x, y)) & 0xFFFFFFFFL;
                }
                if (t == F64) {
                    double x = Alu.d(old), y = Alu.d(b);
                    return Double.doubleToRawLongBits(op == A_MIN ? Math.min(x, y) : Math.max(x, y));
                }
                long x = extend(t, old), y = extend(t, b);
                int c2 = isSigned(t) ? Long.compare(x, y) : Long.compareUnsigned(x, y);
                return op == A_MIN ? (c2 <= 0 ? x : y) : (c2 >= 0 ? x : y);
            }
            case A_INC: {
                long x = extend(U32, old), y = extend(U32, b);
                return Long.compareUnsigned(x, y) >= 0 ? 0 : x + 1;
            }
            case A_DEC: {
                long x = extend(U32, old), y = extend(U32, b);
                return x == 0 || Long.compareUnsigned(x, y) > 0 ? y : x - 1;
            }
            case A_AND:
                return extend(t, old & b);
            case A_OR:
                return extend(t, old | b);
            case A_XOR:
                return extend(t, old ^ b);
            case A_EXCH:
                return extend(t, b);
            default:
                return extend(t, old) == extend(t, b) ? extend(t, c) : extend(t, old); // cas
        }
    }
}
