package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

/** string.h: the C semantics, each function on ordinary and edge inputs. */
class StrTest {
    private static long s(String v) {
        return Native.cstr(v);
    }

    @Test
    void lengthsAndCopies() {
        assertThat(Str.strlen(s(""))).isZero();
        assertThat(Str.strlen(s("hello"))).isEqualTo(5);
        assertThat(Str.strnlen(s("hello"), 3)).isEqualTo(3);
        long buf = Native.alloc(32);
        assertThat(Str.strcpy(buf, s("abc"))).isEqualTo(buf);
        assertThat(Native.str(buf)).isEqualTo("abc");
        Str.strcat(buf, s("def"));
        assertThat(Native.str(buf)).isEqualTo("abcdef");
        Str.strncat(buf, s("ghijk"), 2);
        assertThat(Native.str(buf)).isEqualTo("abcdefgh");
        Mem.fill(buf, (byte) 'x', 32);
        Str.strncpy(buf, s("ab"), 6);
        assertThat(Native.bytes(buf, 7)).containsExactly('a', 'b', 0, 0, 0, 0, 'x');
        Str.strncpy(buf, s("abcdefgh"), 3);
        assertThat(Native.bytes(buf, 4)).containsExactly('a', 'b', 'c', 0);
        long d = Str.strdup(s("dup"));
        assertThat(Native.str(d)).isEqualTo("dup");
        Stdlib.free(d);
        d = Str.strndup(s("duplicate"), 3);
        assertThat(Native.str(d)).isEqualTo("dup");
        Stdlib.free(d);
    }

    @Test
    void comparisonsAreUnsigned() {
        assertThat(Str.strcmp(s("abc"), s("abc"))).isZero();
        assertThat(Str.strcmp(s("abc"), s("abd"))).isNegative();
        assertThat(Str.strcmp(s("ab"), s("abc"))).isNegative();
        assertThat(Str.strcmp(s("\u00ff"), s("a"))).isPositive();
        assertThat(Str.strncmp(s("abcX"), s("abcY"), 3)).isZero();
        assertThat(Str.memcmp(s("\u0080"), s("\u0001"), 1)).isPositive();
        assertThat(Str.memcmp(s("abc"), s("abd"), 2)).isZero();
    }

    /** memcmp and memchr read eight bytes at a time: every length, offset and place of a difference or match, against bytes. */
    @Test
    void wordAtATimeMatchesBytes() {
        long a = Native.alloc(64), b = Native.alloc(64);
        java.util.Random r = new java.util.Random(7);
        for (int k = 0; k < 64; k++) {
            byte v = (byte) r.nextInt();
            Mem.putByte(a + k, v);
            Mem.putByte(b + k, v);
        }
        for (int off = 0; off < 8; off++) {
            for (int n = 0; n + off <= 40; n++) {
                assertThat(Str.memcmp(a + off, b + off, n)).isZero();
                for (int at = 0; at < n; at++) {
                    byte old = Mem.getByte(b + off + at);
                    for (int delta : new int[] {1, -1, 0x80}) {
                        byte v = (byte) (old + delta);
                        Mem.putByte(b + off + at, v);
                        int want = Integer.signum((old & 0xff) - (v & 0xff));
                        assertThat(Integer.signum(Str.memcmp(a + off, b + off, n)))
                                .as("off %d n %d at %d", off, n, at)
                                .isEqualTo(want);
                        assertThat(Integer.signum(Str.memcmp(b + off, a + off, n)))
                                .isEqualTo(-want);
                    }
                    Mem.putByte(b + off + at, old);
                    byte c = Mem.getByte(a + off + at);
                    long first = 0;
                    for (int j = 0; j < n && first == 0; j++) if (Mem.getByte(a + off + j) == c) first = a + off + j;
                    assertThat(Str.memchr(a + off, c & 0xff, n))
                            .as("memchr off %d n %d at %d", off, n, at)
                            .isEqualTo(first);
                }
            }
        }
        assertThat(Str.memchr(a, 0x1ff & 0xff, 0)).isZero();
    }

    @Test
    void searching() {
        long h = s("hello world");
        assertThat(Str.strchr(h, 'o')).isEqualTo(h + 4);
        assertThat(Str.strrchr(h, 'o')).isEqualTo(h + 7);
        assertThat(Str.strchr(h, 0)).isEqualTo(h + 11);
        assertThat(Str.strchr(h, 'z')).isZero();
        assertThat(Str.strstr(h, s("wor"))).isEqualTo(h + 6);
        assertThat(Str.strstr(h, s(""))).isEqualTo(h);
        assertThat(Str.strstr(h, s("worlds"))).isZero();
        assertThat(Str.memchr(h, 'w', 11)).isEqualTo(h + 6);
        assertThat(Str.memchr(h, 'w', 5)).isZero();
        assertThat(Str.strspn(h, s("leh"))).isEqualTo(4);
        assertThat(Str.strcspn(h, s(" w"))).isEqualTo(5);
        assertThat(Str.strpbrk(h, s("wd"))).isEqualTo(h + 6);
        assertThat(Str.strpbrk(h, s("xyz"))).isZero();
    }

    @Test
    void memoryFunctions() {
        long a = Native.alloc(16);
        Str.memset(a, 0x141, 8);
        assertThat(Native.bytes(a, 8)).containsOnly(0x41);
        Str.memcpy(a + 8, s("12345678"), 8);
        Str.memmove(a + 2, a + 8, 6);
        assertThat(new String(Native.bytes(a, 16))).isEqualTo("AA12345612345678");
        Str.memmove(a + 9, a + 8, 6);
        assertThat(new String(Native.bytes(a, 16))).isEqualTo("AA12345611234568");
    }

    @Test
    void strtokSplits() {
        long text = s(",,a,b;;c,");
        long delim = s(",;");
        assertThat(Native.str(Str.strtok(text, delim))).isEqualTo("a");
        assertThat(Native.str(Str.strtok(0, delim))).isEqualTo("b");
        assertThat(Native.str(Str.strtok(0, delim))).isEqualTo("c");
        assertThat(Str.strtok(0, delim)).isZero();
        assertThat(Str.strtok(0, delim)).isZero();
    }

    @Test
    void strerrorMessagesAreGlibcs() {
        assertThat(Native.str(Str.strerror(34))).isEqualTo("Numerical result out of range");
        assertThat(Native.str(Str.strerror(2))).isEqualTo("No such file or directory");
        assertThat(Native.str(Str.strerror(9999))).isEqualTo("Unknown error 9999");
        assertThat(Str.strerror(34)).isEqualTo(Str.strerror(34));
    }

    /** Byte-at-a-time strcmp, the reference for the word-at-a-time one. */
    private static int refStrcmp(long a, long b) {
        for (long i = 0; ; i++) {
            int x = Mem.getByte(a + i) & 0xff, y = Mem.getByte(b + i) & 0xff;
            if (x != y) return x - y;
            if (x == 0) return 0;
        }
    }

    private static void put(long a, String v) {
        for (int i = 0; i < v.length(); i++) Mem.putByte(a + i, (byte) v.charAt(i));
        Mem.putByte(a + v.length(), (byte) 0);
    }

    @Test
    void wordAtATimeAgreesWithBytesAtEveryAlignment() {
        long a = Native.alloc(64), b = Native.alloc(64);
        String[] words = {
            "",
            "a",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "abcdefghXjklmnop",
            "abcdefghijklmnopq",
            "abc\u00ffdefgh",
            "abc\u0001defgh",
            "abcdefghijklmnop\u0080"
        };
        for (int oa = 0; oa < 8; oa++) {
            for (int ob = 0; ob < 8; ob++) {
                for (String x : words) {
                    for (String y : words) {
                        Mem.fill(a, (byte) 'z', 64);
                        Mem.fill(b, (byte) 'z', 64);
                        put(a + oa, x);
                        put(b + ob, y);
                        assertThat(Integer.signum(Str.strcmp(a + oa, b + ob)))
                                .as("strcmp(%s@%d, %s@%d)", x, oa, y, ob)
                                .isEqualTo(Integer.signum(refStrcmp(a + oa, b + ob)));
                        assertThat(Str.strlen(a + oa)).isEqualTo(x.length());
                        Mem.fill(b, (byte) 'z', 64);
                        assertThat(Str.strcpy(b + ob, a + oa)).isEqualTo(b + ob);
                        assertThat(Native.str(b + ob)).isEqualTo(x);
                        assertThat(Mem.getByte(b + ob + x.length() + 1))
                                .as("no byte written past the NUL")
                                .isEqualTo((byte) 'z');
                        put(b + ob, y);
                    }
                }
            }
        }
    }

    @Test
    void wordAtATimeNeverReadsIntoTheNextPage() throws Throwable {
        // Two pages, the second inaccessible: strings ending on the last bytes of the first page
        // must be measured and compared without touching the second (a fault would kill the JVM).
        var linker = java.lang.foreign.Linker.nativeLinker();
        var libc = linker.defaultLookup();
        var J = java.lang.foreign.ValueLayout.JAVA_LONG;
        var I = java.lang.foreign.ValueLayout.JAVA_INT;
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        var mmap = linker.downcallHandle(
                libc.find("mmap").orElseThrow(), java.lang.foreign.FunctionDescriptor.of(J, J, J, I, I, I, J));
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        var mprotect = linker.downcallHandle(
                libc.find("mprotect").orElseThrow(), java.lang.foreign.FunctionDescriptor.of(I, J, J, I));
        long page = (long) mmap.invokeExact(0L, 8192L, 3, 0x22, -1, 0L); // PROT_READ|WRITE, MAP_PRIVATE|ANONYMOUS
        assertThat(page).isNotEqualTo(-1L);
        assertThat((int) mprotect.invokeExact(page + 4096, 4096L, 0)).isZero();
        long other = Native.alloc(32);
        for (int len = 0; len < 12; len++) {
            String v = "abcdefghijkl".substring(0, len);
            long s = page + 4096 - len - 1;
            put(s, v);
            put(other, v);
            assertThat(Str.strlen(s)).isEqualTo(len);
            assertThat(Str.strcmp(s, other)).isZero();
            assertThat(Str.strcmp(other, s)).isZero();
            assertThat(Str.strcmp(s, s)).isZero();
            long copy = Native.alloc(32);
            Str.strcpy(copy, s);
            assertThat(Native.str(copy)).isEqualTo(v);
        }
    }
}
