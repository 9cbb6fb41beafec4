package jomp.compiler.lower;

import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ir.IrPrinter;
import org.junit.jupiter.api.Test;

/**
 * C11's _Atomic (6.2.5p27, 6.5.16): a read of an atomic object is a sequentially consistent
 * atomic load, a write an atomic store, and a compound assignment or ++/-- one atomic
 * read-modify-write (a compare-exchange loop); the same operations on plain objects stay plain.
 * tests/c/run/122-c11-atomics.c runs them under contention against gcc.
 */
class C11AtomicsLoweringTest {
    private static String ir(String body) {
        return IrPrinter.print(
                LoweringTextTest.lower("_Atomic long a; long p; _Atomic(int *) q; int arr[4];\n" + body, 0));
    }

    @Test
    void readsAndWritesOfAtomicObjectsAreSeqCstAtomics() {
        String t = ir("long f(void) { a = 5; return a; }\n");
        assertThat(t).contains("store atomic i64 5, ").contains("seq_cst");
        assertThat(t).containsPattern("load atomic i64 %[^\\n]* seq_cst");
        String plain = ir("long f(void) { p = 5; return p; }\n");
        assertThat(plain).doesNotContain("atomic");
    }

    @Test
    void compoundAssignmentsAndIncrementsAreOneAtomicUpdate() {
        for (String op : new String[] {"a += 3;", "a *= 2;", "a++;", "--a;", "a <<= 1;", "q++;"}) {
            String t = ir("void f(void) { " + op + " }\n");
            assertThat(t).as(op).contains("cmpxchg").contains("seq_cst seq_cst");
            assertThat(t).as(op + ": no plain store to the object").doesNotContainPattern("(?m)^\\s+store (i64|ptr) ");
        }
        assertThat(ir("void f(void) { p += 3; }\n")).doesNotContain("cmpxchg");
    }

    @Test
    void clangsC11BuiltinsAreTheAtomicInstructions() {
        String t = ir("long f(void) { __c11_atomic_store(&a, 1, 3); return __c11_atomic_fetch_add(&a, 2, 0); }\n");
        assertThat(t).contains("store atomic i64 1, ").contains("release").contains("atomicrmw add i64 2, ");
        // an atomic pointer counts elements: 2 ints are 8 bytes
        String ptr = ir("int *f(void) { return __c11_atomic_fetch_add(&q, 2, 5); }\n");
        assertThat(ptr).containsPattern("add ptr %\\d+, 8").contains("cmpxchg ptr");
    }

    @Test
    void genericGccAtomicsAreInstructionsUpToEightAlignedBytesAndLockedBeyond() {
        String small = ir("struct P { int v; } s, r;\n"
                + "int f(void) { __atomic_load(&s, &r, 5); return __atomic_compare_exchange(&s, &r, &r, 0, 5, 5); }\n");
        assertThat(small)
                .containsPattern("load atomic i32 ")
                .contains("cmpxchg")
                .doesNotContain("__jomp_atomic_enter");
        String big = ir("struct B { long a, b, c; } s, r;\n" + "void f(void) { __atomic_exchange(&s, &r, &r, 5); }\n");
        assertThat(big).contains("call void () @__jomp_atomic_enter()").contains("call void () @__jomp_atomic_exit()");
        assertThat(big).doesNotContain("cmpxchg");
    }

    @Test
    void clangsC11BuiltinsOnAtomicStructsMoveBytesAsTheGenericForms() {
        // 8 bytes aligned to 8 (jomp gives an _Atomic struct its struct's alignment; gcc and clang raise it to 8)
        String small = ir("struct P { long x; }; _Atomic struct P s;\n"
                + "struct P f(struct P v) { __c11_atomic_store(&s, v, 3); return __c11_atomic_exchange(&s, v, 5); }\n");
        assertThat(small)
                .contains("store atomic i64 ")
                .contains("atomicrmw xchg")
                .doesNotContain("__jomp_atomic_enter");
        String big = ir("struct B { long a, b, c; }; _Atomic struct B s;\n"
                + "int f(struct B *e, struct B d) { struct B v = __c11_atomic_load(&s, 2);\n"
                + "  return v.a + __c11_atomic_compare_exchange_strong(&s, e, d, 5, 0); }\n");
        assertThat(big).contains("call void () @__jomp_atomic_enter()").contains("memcmp");
        assertThat(big).doesNotContainPattern("= cmpxchg");
        // stdatomic.h's atomic_load on an _Atomic struct calls __atomic_load_n, which takes it the same way
        String viaN = ir("struct B { long a, b, c; }; _Atomic struct B s;\n"
                + "long f(void) { return __atomic_load_n(&s, 5).b; }\n");
        assertThat(viaN).contains("call void () @__jomp_atomic_enter()");
    }

    @Test
    void plainCopiesOfAtomicStructsAndUpdatesOfAtomicComplexNumbersAreAtomic() {
        // 24 bytes: a read and an assignment each copy under the lock the builtins take (gcc: libatomic)
        String big = ir(
                "struct B { long a, b, c; }; _Atomic struct B s; struct B t;\n" + "void f(void) { t = s; s = t; }\n");
        assertThat(big.split("call void \\(\\) @__jomp_atomic_enter\\(\\)", -1)).hasSize(3);
        assertThat(big.split("call void \\(\\) @__jomp_atomic_exit\\(\\)", -1)).hasSize(3);
        // 8 bytes, 8-aligned as an _Atomic struct is: one atomic load and one atomic store
        String small =
                ir("struct P { int x, y; }; _Atomic struct P s; struct P t;\n" + "void f(void) { t = s; s = t; }\n");
        assertThat(small)
                .containsPattern("load atomic i64 [^\\n]* seq_cst")
                .containsPattern("store atomic i64 [^\\n]* seq_cst")
                .doesNotContain("__jomp_atomic_enter");
        // the same struct, not _Atomic: plain copies
        assertThat(ir("struct B { long a, b, c; } s, t;\nvoid f(void) { t = s; s = t; }\n"))
                .doesNotContain("__jomp_atomic_enter")
                .doesNotContain("atomic");
        // _Complex double (16 bytes) += under the lock; _Complex float (8 bytes, 8-aligned) a compare-exchange loop
        assertThat(ir("_Atomic _Complex double z;\nvoid f(void) { z += 1.0; }\n"))
                .contains("call void () @__jomp_atomic_enter()")
                .doesNotContain("cmpxchg");
        assertThat(ir("_Atomic _Complex float z;\nvoid f(void) { z *= 2.0f; }\n"))
                .contains("cmpxchg")
                .doesNotContain("__jomp_atomic_enter");
    }

    @Test
    void atomicTypesPrintAsClangSpellsThem() {
        jomp.compiler.type.Type t = jomp.compiler.type.Type.INT.qualified(jomp.compiler.type.Type.ATOMIC);
        assertThat(t.toString()).isEqualTo("_Atomic(int)");
        assertThat(jomp.compiler.type.Type.pointerTo(t).toString()).isEqualTo("_Atomic(int) *");
        assertThat(t.qualified(jomp.compiler.type.Type.CONST).toString()).isEqualTo("const _Atomic(int)");
    }
}
