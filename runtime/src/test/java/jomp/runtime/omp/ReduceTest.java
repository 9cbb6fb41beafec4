package jomp.runtime.omp;

import static jomp.runtime.omp.Regions.parallel;
import static org.assertj.core.api.Assertions.assertThat;

import jomp.runtime.mem.Mem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A parallel loop with a reduction, as the lowering will run it (private copy at the identity,
 * partial combined into the shared variable), checked against the sequential loop, for every
 * operator, type and schedule.
 */
class ReduceTest {
    private static final int N = 2000;
    private static final String[] OPS = {"+", "*", "-", "min", "max", "&&", "||", "&", "|", "^"};

    private static int op(String s) {
        return switch (s) {
            case "+" -> Reduce.ADD;
            case "*" -> Reduce.MUL;
            case "-" -> Reduce.SUB;
            case "min" -> Reduce.MIN;
            case "max" -> Reduce.MAX;
            case "&&" -> Reduce.LAND;
            case "||" -> Reduce.LOR;
            case "&" -> Reduce.BAND;
            case "|" -> Reduce.BOR;
            default -> Reduce.BXOR;
        };
    }

    /** Values that make each operator's result depend on every element, and exact in floating point. */
    private static long value(String op, int i) {
        return switch (op) {
            case "*" -> i % 97 == 0 ? (i % 2 == 0 ? 3 : -1) : 1;
            case "&&" -> i == 1234 ? 0 : 1 + i % 5;
            case "||" -> i == 1777 ? 7 : 0;
            case "&" -> ~(1L << (i % 31)) | (i == 5 ? 0 : 1);
            case "min", "max" -> (i * 7919L) % 2003 - 1000;
            default -> (i * 31L) % 1009 - 300;
        };
    }

    @ParameterizedTest
    @CsvSource({
        "static, 0",
        "static, 7",
        "dynamic, 1",
        "dynamic, 13",
        "guided, 2",
        "auto, 0",
        "runtime, 0",
        "for_static, 0",
        "for_static, 3"
    })
    void everyOperatorMatchesTheSequentialLoop(String schedule, int chunk) {
        long cell = Regions.alloc(8);
        for (String name : OPS) {
            int op = op(name);
            // int and long
            long seqL = 17, seqI = 17;
            for (int i = 0; i < N; i++) {
                seqL = Reduce.combine(op, seqL, value(name, i));
                seqI = Reduce.combine(op, (int) seqI, (int) value(name, i));
            }
            Mem.putLong(cell, 17);
            parallel(4, (num, args) -> {
                long mine = Reduce.identityLong(op);
                long[] acc = {mine};
                LoopTest.loop(
                        schedule, chunk, 0, N - 1, 1, i -> acc[0] = Reduce.combine(op, acc[0], value(name, (int) i)));
                Reduce.intoLong(op, cell, acc[0]);
            });
            assertThat(Mem.getLong(cell)).as("long %s", name).isEqualTo(seqL);
            Mem.putInt(cell, 17);
            parallel(3, (num, args) -> {
                int[] acc = {Reduce.identityInt(op)};
                LoopTest.loop(
                        schedule,
                        chunk,
                        N - 1,
                        0,
                        -1,
                        i -> acc[0] = Reduce.combine(op, acc[0], (int) value(name, (int) i)));
                Reduce.intoInt(op, cell, acc[0]);
            });
            assertThat(Mem.getInt(cell)).as("int %s", name).isEqualTo((int) seqI);
            if (op >= Reduce.BAND) continue; // bitwise operators are for integers only
            // double and float
            double seqD = 3;
            for (int i = 0; i < N; i++) seqD = Reduce.combine(op, seqD, (double) value(name, i));
            Mem.putDouble(cell, 3);
            parallel(4, (num, args) -> {
                double[] acc = {Reduce.identityDouble(op)};
                LoopTest.loop(
                        schedule,
                        chunk,
                        0,
                        N - 1,
                        1,
                        i -> acc[0] = Reduce.combine(op, acc[0], (double) value(name, (int) i)));
                Reduce.intoDouble(op, cell, acc[0]);
            });
            assertThat(Mem.getDouble(cell)).as("double %s", name).isEqualTo(seqD);
            Mem.putFloat(cell, 3);
            parallel(2, (num, args) -> {
                float[] acc = {Reduce.identityFloat(op)};
                LoopTest.loop(
                        schedule,
                        chunk,
                        0,
                        N - 1,
                        1,
                        i -> acc[0] = Reduce.combine(op, acc[0], (float) value(name, (int) i)));
                Reduce.intoFloat(op, cell, acc[0]);
            });
            assertThat(Mem.getFloat(cell)).as("float %s", name).isEqualTo((float) seqD);
        }
    }
}
