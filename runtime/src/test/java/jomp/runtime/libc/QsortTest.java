package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** qsort's order of equal elements and bsearch's pick among duplicates, against glibc. */
class QsortTest {
    @TempDir
    Path dir;

    /** Compares the int keys at the start of two elements: the C comparator. */
    public static int byKey(long a, long b) {
        return Integer.compare(Mem.getInt(a), Mem.getInt(b));
    }

    /** Compares a key (int) with an element of an int array, for bsearch. */
    public static int intCmp(long a, long b) {
        int x = Mem.getInt(a), y = Mem.getInt(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }

    private static long fn(String name) throws Exception {
        return Fn.register(MethodHandles.lookup()
                .findStatic(QsortTest.class, name, MethodType.methodType(int.class, long.class, long.class)));
    }

    private static final int[] SIZES = {0, 1, 2, 3, 7, 10, 100, 1000, 5000};
    private static final int[] ELEM = {8, 24, 64}; // key + index, padded to the element size

    @Test
    void equalKeysKeepGlibcsOrder() throws Exception {
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                static int by_key(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
                static int int_cmp(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return x < y ? -1 : x > y ? 1 : 0; }
                static void run(int n, int size, const int *keys) {
                  char *a = malloc(n * size + 1); int i;
                  for (i = 0; i < n; i++) { memset(a + i * size, 0, size); memcpy(a + i * size, &keys[i], 4); memcpy(a + i * size + 4, &i, 4); }
                  qsort(a, n, size, by_key);
                  for (i = 0; i < n; i++) printf("%d ", *(int *)(a + i * size + 4));
                  printf("\\n"); free(a);
                }
                int main(void) {
                """);
        Random r = new Random(3);
        long cmp = fn("byKey");
        StringBuilder got = new StringBuilder();
        int run = 0;
        for (int n : SIZES) {
            for (int size : ELEM) {
                int[] keys = new int[n];
                for (int i = 0; i < n; i++) keys[i] = r.nextInt(run % 2 == 0 ? 5 : 1000);
                c.append("  { static const int k[] = {0");
                for (int k : keys) c.append(',').append(k);
                c.append("}; run(").append(n).append(", ").append(size).append(", k + 1); }\n");
                long a = Native.alloc((long) n * size + 1);
                for (int i = 0; i < n; i++) {
                    Mem.fill(a + (long) i * size, (byte) 0, size);
                    Mem.putInt(a + (long) i * size, keys[i]);
                    Mem.putInt(a + (long) i * size + 4, i);
                }
                Stdlib.qsort(a, n, size, cmp);
                for (int i = 0; i < n; i++)
                    got.append(Mem.getInt(a + (long) i * size + 4)).append(' ');
                got.append('\n');
                run++;
            }
        }
        // bsearch over a sorted array with runs of duplicates
        int[] sorted = new int[301];
        for (int i = 0; i < sorted.length; i++) sorted[i] = i / 7;
        c.append("  { static int s[] = {0");
        for (int v : sorted) c.append(',').append(v);
        c.append(
                "}; int k; for (k = -1; k < 45; k++) { int *p = bsearch(&k, s + 1, 301, 4, int_cmp); printf(\"%ld \", p ? (long)(p - (s + 1)) : -1L); } printf(\"\\n\"); }\n");
        long arr = Native.alloc(4L * sorted.length);
        for (int i = 0; i < sorted.length; i++) Mem.putInt(arr + 4L * i, sorted[i]);
        long key = Native.alloc(4);
        long icmp = fn("intCmp");
        for (int k = -1; k < 45; k++) {
            Mem.putInt(key, k);
            long p = Stdlib.bsearch(key, arr, sorted.length, 4, icmp);
            got.append(p == 0 ? -1 : (p - arr) / 4).append(' ');
        }
        got.append('\n');
        c.append("  return 0;\n}\n");
        String want = new String(Gcc.run(dir, c.toString()), StandardCharsets.ISO_8859_1);
        assertThat(got.toString()).isEqualTo(want);
    }

    @Test
    void genericFallbackSortsStablyLikeTheSpecialisedCopy() throws Exception {
        // Stdlib.msort runs when the specialised MergeSort cannot be defined; both must agree.
        var cmp = MethodHandles.lookup()
                .findStatic(QsortTest.class, "byKey", MethodType.methodType(int.class, long.class, long.class));
        Random r = new Random(7);
        int n = 3000, size = 8;
        long a = Native.alloc(n * size), b = Native.alloc(n * size), tmp = Native.alloc(n * size);
        for (int i = 0; i < n; i++) {
            int key = r.nextInt(50);
            Mem.putInt(a + i * size, key);
            Mem.putInt(a + i * size + 4, i);
            Mem.putInt(b + i * size, key);
            Mem.putInt(b + i * size + 4, i);
        }
        Stdlib.msort(a, n, size, jomp.runtime.mem.Functions.takingStack(cmp), tmp, jomp.runtime.mem.Stack.current());
        Stdlib.qsort(b, n, size, fn("byKey"));
        for (int i = 0; i < n; i++) {
            assertThat(Mem.getLong(a + i * size)).isEqualTo(Mem.getLong(b + i * size));
            if (i > 0) {
                int k0 = Mem.getInt(a + (i - 1) * size), k1 = Mem.getInt(a + i * size);
                assertThat(k0).isLessThanOrEqualTo(k1);
                if (k0 == k1) assertThat(Mem.getInt(a + (i - 1) * size + 4)).isLessThan(Mem.getInt(a + i * size + 4));
            }
        }
    }
}
