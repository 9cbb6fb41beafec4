package jomp.runtime.omp;

/**
 * Reduction operators: each thread starts its private copy at {@link #identityInt(int)} (etc.),
 * accumulates, and at the end of the construct combines its partial value into the shared variable
 * with {@code Reduce.intoInt(op, address, partial)}, an atomic update, so no lock or ordering is
 * needed; the construct's closing barrier makes the result visible. {@code -} combines partials with
 * {@code +}, as OpenMP specifies. Logical operators take and give 0/1 ints.
 */
public final class Reduce {
    private Reduce() {}

    public static final int ADD = 0, MUL = 1, SUB = 2, MIN = 3, MAX = 4, LAND = 5, LOR = 6, BAND = 7, BOR = 8, BXOR = 9;

    public static int combine(int op, int a, int b) {
        return switch (op) {
            case ADD, SUB -> a + b;
            case MUL -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case LAND -> a != 0 && b != 0 ? 1 : 0;
            case LOR -> a != 0 || b != 0 ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            default -> throw bad(op);
        };
    }

    public static long combine(int op, long a, long b) {
        return switch (op) {
            case ADD, SUB -> a + b;
            case MUL -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case LAND -> a != 0 && b != 0 ? 1 : 0;
            case LOR -> a != 0 || b != 0 ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            default -> throw bad(op);
        };
    }

    /** min/max as C's {@code a < b ? a : b}, not Math.min's NaN and -0.0 rules. */
    public static float combine(int op, float a, float b) {
        return switch (op) {
            case ADD, SUB -> a + b;
            case MUL -> a * b;
            case MIN -> b < a ? b : a;
            case MAX -> b > a ? b : a;
            case LAND -> a != 0 && b != 0 ? 1 : 0;
            case LOR -> a != 0 || b != 0 ? 1 : 0;
            default -> throw bad(op);
        };
    }

    public static double combine(int op, double a, double b) {
        return switch (op) {
            case ADD, SUB -> a + b;
            case MUL -> a * b;
            case MIN -> b < a ? b : a;
            case MAX -> b > a ? b : a;
            case LAND -> a != 0 && b != 0 ? 1 : 0;
            case LOR -> a != 0 || b != 0 ? 1 : 0;
            default -> throw bad(op);
        };
    }

    /** The private copy's initial value (OpenMP's initializer table). */
    public static int identityInt(int op) {
        return (int) identityLong(op, 32);
    }

    public static long identityLong(int op) {
        return identityLong(op, 64);
    }

    private static long identityLong(int op, int bits) {
        return switch (op) {
            case ADD, SUB, LOR, BOR, BXOR -> 0;
            case MUL, LAND -> 1;
            case BAND -> -1;
            case MIN -> bits == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
            case MAX -> bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
            default -> throw bad(op);
        };
    }

    public static float identityFloat(int op) {
        return (float) identityDouble(op);
    }

    /** min/max start at ±infinity ({@code float} of ±infinity is ±infinity). */
    public static double identityDouble(int op) {
        return switch (op) {
            case ADD, SUB, LOR -> 0;
            case MUL, LAND -> 1;
            case MIN -> Double.POSITIVE_INFINITY;
            case MAX -> Double.NEGATIVE_INFINITY;
            default -> throw bad(op);
        };
    }

    public static void intoInt(int op, long address, int partial) {
        Atomics.updateInt(address, op, partial);
    }

    public static void intoLong(int op, long address, long partial) {
        Atomics.updateLong(address, op, partial);
    }

    public static void intoFloat(int op, long address, float partial) {
        Atomics.updateFloat(address, op, partial);
    }

    public static void intoDouble(int op, long address, double partial) {
        Atomics.updateDouble(address, op, partial);
    }

    private static IllegalArgumentException bad(int op) {
        return new IllegalArgumentException("jomp: no such OpenMP reduction operator for this type: " + op);
    }
}
