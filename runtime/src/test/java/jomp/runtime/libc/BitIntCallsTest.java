package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

/**
 * The runtime of _BitInt(N) wider than 128 bits against BigInteger's exact arithmetic reduced to N
 * bits: every operator and conversion on random values of many widths (words full and partly
 * used), with operands' carries, borrows and signs at the word edges, and the results kept
 * sign- or zero-extended through their last word (the invariant compiled code relies on).
 */
class BitIntCallsTest {
    private static final int[] WIDTHS = {129, 191, 192, 193, 255, 256, 300, 512, 1000};
    private static final Random RANDOM = new Random(20261207);

    private static int words(int bits) {
        return (bits + 63) / 64;
    }

    /** v reduced to bits and read signed or unsigned. */
    private static BigInteger wrap(BigInteger v, int bits, boolean unsigned) {
        BigInteger mod = BigInteger.ONE.shiftLeft(bits), m = v.mod(mod);
        return !unsigned && m.testBit(bits - 1) ? m.subtract(mod) : m;
    }

    private static long put(BigInteger v, int bits) {
        long a = Native.alloc(8L * words(bits));
        for (int i = 0; i < words(bits); i++)
            Mem.putLong(a + 8L * i, v.shiftRight(64 * i).longValue());
        return a;
    }

    /** The value at a, with a check that its last word is extended from bit N as the type reads it. */
    private static BigInteger get(long a, int bits, boolean unsigned) {
        BigInteger v = BigInteger.ZERO;
        for (int i = words(bits) - 1; i >= 0; i--)
            v = v.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(Mem.getLong(a + 8L * i))));
        BigInteger full = BigInteger.ONE.shiftLeft(64 * words(bits));
        BigInteger read = v.testBit(64 * words(bits) - 1) && !unsigned ? v.subtract(full) : v;
        assertThat(read).as("extended from bit %d", bits).isEqualTo(wrap(read, bits, unsigned));
        return read;
    }

    private static BigInteger random(int bits, boolean unsigned) {
        BigInteger v = switch (RANDOM.nextInt(4)) {
            case 0 -> new BigInteger(bits, RANDOM);
            case 1 -> BigInteger.ONE.shiftLeft(RANDOM.nextInt(bits)).subtract(BigInteger.valueOf(RANDOM.nextInt(3)));
            case 2 -> BigInteger.valueOf(RANDOM.nextLong());
            default -> new BigInteger(RANDOM.nextInt(bits) + 1, RANDOM).negate();
        };
        return wrap(v, bits, unsigned);
    }

    @Test
    void operatorsAreExactAtNBits() {
        for (int bits : WIDTHS)
            for (boolean unsigned : new boolean[] {true, false})
                for (int k = 0; k < 60; k++) {
                    BigInteger x = random(bits, unsigned), y = random(bits, unsigned);
                    long a = put(x, bits), b = put(y, bits), d = Native.alloc(8L * words(bits));
                    int u = unsigned ? 1 : 0;
                    for (int op = 0; op < 8; op++) {
                        if ((op == 3 || op == 4) && y.signum() == 0) continue;
                        BitIntCalls.__jomp_bitint_binary(d, a, b, bits, op, u);
                        BigInteger want = switch (op) {
                            case 0 -> x.add(y);
                            case 1 -> x.subtract(y);
                            case 2 -> x.multiply(y);
                            case 3 -> x.divide(y);
                            case 4 -> x.remainder(y);
                            case 5 -> x.and(y);
                            case 6 -> x.or(y);
                            default -> x.xor(y);
                        };
                        assertThat(get(d, bits, unsigned))
                                .as("%s op %d %s at %d bits", x, op, y, bits)
                                .isEqualTo(wrap(want, bits, unsigned));
                    }
                    int n = RANDOM.nextInt(bits);
                    BitIntCalls.__jomp_bitint_shift(d, a, n, bits, 0, u);
                    assertThat(get(d, bits, unsigned)).isEqualTo(wrap(x.shiftLeft(n), bits, unsigned));
                    BitIntCalls.__jomp_bitint_shift(d, a, n, bits, 1, u);
                    assertThat(get(d, bits, unsigned)).isEqualTo(x.shiftRight(n));
                    BitIntCalls.__jomp_bitint_unary(d, a, bits, 0, u);
                    assertThat(get(d, bits, unsigned)).isEqualTo(wrap(x.negate(), bits, unsigned));
                    BitIntCalls.__jomp_bitint_unary(d, a, bits, 1, u);
                    assertThat(get(d, bits, unsigned)).isEqualTo(wrap(x.not(), bits, unsigned));
                    assertThat(BitIntCalls.__jomp_bitint_compare(a, b, bits, u)).isEqualTo(x.compareTo(y));
                    assertThat(BitIntCalls.__jomp_bitint_truth(a, bits)).isEqualTo(x.signum() != 0 ? 1 : 0);
                    assertThat(BitIntCalls.__jomp_bitint_to_f64(a, bits, u)).isEqualTo(x.doubleValue());
                    assertThat(BitIntCalls.__jomp_bitint_to_f32(a, bits, u)).isEqualTo(x.floatValue());
                }
    }

    @Test
    void conversionsExtendByTheSourceAndWrapToTheDestination() {
        for (int bits : WIDTHS)
            for (int from : WIDTHS)
                for (int k = 0; k < 10; k++) {
                    boolean fu = RANDOM.nextBoolean(), tu = RANDOM.nextBoolean();
                    BigInteger x = random(from, fu);
                    long d = Native.alloc(8L * words(bits));
                    BitIntCalls.__jomp_bitint_convert(d, bits, tu ? 1 : 0, put(x, from), from, fu ? 1 : 0);
                    assertThat(get(d, bits, tu)).isEqualTo(wrap(x, bits, tu));
                    long l = RANDOM.nextLong();
                    BitIntCalls.__jomp_bitint_from_i64(d, l, bits, tu ? 1 : 0, fu ? 1 : 0);
                    BigInteger lv = fu ? new BigInteger(Long.toUnsignedString(l)) : BigInteger.valueOf(l);
                    assertThat(get(d, bits, tu)).isEqualTo(wrap(lv, bits, tu));
                    double f = x.doubleValue() * RANDOM.nextDouble();
                    BitIntCalls.__jomp_bitint_from_f64(d, f, bits, tu ? 1 : 0);
                    assertThat(get(d, bits, tu)).isEqualTo(wrap(new BigDecimal(f).toBigInteger(), bits, tu));
                }
    }
}
