package jomp.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lower.Lowering;
import jomp.compiler.preprocess.Extensions;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import jomp.compiler.type.Type;
import org.junit.jupiter.api.Test;

/**
 * The GNU and clang extensions gcc 12 lacks (so the run corpus cannot test them against it) and
 * the extension errors, with clang 19's messages: __typeof_unqual__, __auto_type, C23 attributes,
 * asm statements in code that is compiled, unsupported and unknown attributes.
 */
class GnuExtensionsTest {
    private static Var global(ParseHelper h, String name) {
        return h.unit.globals().stream()
                .filter(v -> v.name.equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void typeofUnqualAndAutoType() {
        ParseHelper h = ParseHelper.parse("""
            const volatile int cv = 1;
            __typeof_unqual__(cv) plain;
            __typeof__(cv) same;
            const int arr[3];
            __typeof_unqual__(arr) elems;
            __auto_type deduced = 2.5f;
            __auto_type ptr = &plain;
            __auto_type decayed = arr;
            [[maybe_unused, gnu::aligned(16)]] static int c23;
            """);
        assertThat(h.messages()).isEmpty();
        assertThat(global(h, "plain").type.quals).isZero();
        assertThat(global(h, "same").type.quals).isEqualTo(Type.CONST | Type.VOLATILE);
        assertThat(global(h, "elems").type.base.quals).isZero();
        assertThat(global(h, "deduced").type.kind).isEqualTo(Type.Kind.FLOAT);
        assertThat(global(h, "ptr").type.isPointer()).isTrue();
        assertThat(global(h, "decayed").type.isPointer()).isTrue();
        assertThat(global(h, "c23").align).isEqualTo(16);
    }

    @Test
    void constructorAndDestructorPrioritiesAndTheirErrors() {
        ParseHelper ok = ParseHelper.parse("t.c", """
            __attribute__((constructor)) void a(void) {}
            __attribute__((constructor(101), destructor(0x7f))) void b(void) {}
            void c(void) __attribute__((destructor));
            void c(void) {}
            """);
        assertThat(ok.messages()).isEmpty();
        assertThat(global(ok, "a").constructorPriority).isEqualTo(Var.DEFAULT_PRIORITY);
        assertThat(global(ok, "a").destructorPriority).isEqualTo(-1);
        assertThat(global(ok, "b").constructorPriority).isEqualTo(101);
        assertThat(global(ok, "b").destructorPriority).isEqualTo(127);
        assertThat(global(ok, "c").destructorPriority).isEqualTo(Var.DEFAULT_PRIORITY);
        ParseHelper bad = ParseHelper.parse("t.c", """
            __attribute__((constructor("x"))) void a(void) {}
            int v __attribute__((destructor));
            """);
        assertThat(bad.messages()).isEqualTo("""
            t.c:1:16: error: 'constructor' attribute requires an integer constant
            t.c:2:22: warning: 'destructor' attribute only applies to functions [-Wignored-attributes]
            """);
    }

    @Test
    void errorsAsClangGivesThem() {
        ParseHelper h = ParseHelper.parse("t.c", """
            int a = ({ 1; });
            int c __attribute__((no_such_attribute));
            void g(void) { __auto_type x; }
            """);
        assertThat(h.messages()).isEqualTo("""
            t.c:1:9: error: statement expression not allowed at file scope
            t.c:2:22: warning: unknown attribute 'no_such_attribute' ignored [-Wunknown-attributes]
            t.c:3:28: error: declaration of variable 'x' with deduced type '__auto_type' requires an initializer
            """);
        ParseHelper cleanup = ParseHelper.parse(
                "t.c", "void f(int *p);\nvoid g(void) { __attribute__((cleanup(f))) int b = 0; (void)b; }\n");
        assertThat(cleanup.messages()).isEmpty();
        ParseHelper ifunc = ParseHelper.parse(
                "t.c", "static void *r(void) { return 0; }\nvoid h(void) __attribute__((ifunc(\"r\")));\n");
        assertThat(ifunc.messages()).isEmpty();
        // clang 19's errors for a weakref that is not static or has no target
        ParseHelper weakref = ParseHelper.parse(
                "t.c",
                "void g(void) __attribute__((weakref(\"t2\")));\n"
                        + "static void i(void) __attribute__((weakref));\n"
                        + "static void j(void) __attribute__((weakref(\"t3\")));\n");
        assertThat(weakref.messages())
                .isEqualTo("t.c:1:29: error: weakref declaration must have internal linkage\n"
                        + "t.c:2:36: error: weakref declaration of 'i' must also have an alias attribute\n");
        // C23's _BitInt (clang's in every C mode): its widths as clang checks them
        ParseHelper bitInt = ParseHelper.parse(
                "t.c", "_BitInt(12) b;\nvoid f(void) { unsigned _BitInt(7) x = 0; signed _BitInt(1) y; }\n");
        assertThat(bitInt.messages()).isEqualTo("t.c:2:43: error: signed _BitInt must have a bit size of at least 2\n");
    }

    /** Inline assembly parses (headers hold it in static inline functions); compiling it is the error. */
    @Test
    void asmIsAnErrorOnlyWhereCompiled() {
        String src = """
            static inline unsigned swap(unsigned v) { __asm__("bswapl %0" : "=r"(v) : "0"(v)); return v; }
            static inline int unused_io(void) { int r; __asm__ __volatile__("in %%dx, %%al" : "=a"(r) : "d"(0x80) : "memory"); return r; }
            int main(void) { return 0; }
            """;
        assertThat(lower(src)).isEmpty();
        assertThat(lower(src.replace("return 0;", "return (int)swap(1);")))
                .isEqualTo(
                        "t.c:1:43: error: jomp cannot compile inline assembly 'bswapl %0': only barriers (an empty template) and pause, nop, "
                                + "rdtsc, rdtscp, cpuid, xgetbv, mfence, lfence and sfence have a meaning on the JVM\n");
    }

    private static String lower(String src) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Diagnostics d = new Diagnostics(new PrintStream(out, true, StandardCharsets.UTF_8));
        TranslationUnit tu =
                Parser.parse(Preprocessor.run(new SourceFile("t.c", src), PreprocessorOptions.defaults(false), d), d);
        assertThat(d.hasErrors()).as(out.toString()).isFalse();
        Lowering.lower(tu, d, "t.c");
        return String.join(
                        "\n",
                        out.toString(StandardCharsets.UTF_8)
                                .lines()
                                .filter(l -> l.matches("^\\S+:\\d+:\\d+: .*"))
                                .toList())
                + (out.size() > 0 ? "\n" : "");
    }

    @Test
    void hasAttributeAndHasBuiltinFollowWhatTheParserDoes() {
        for (String a : List.of(
                "aligned",
                "packed",
                "mode",
                "transparent_union",
                "gnu_inline",
                "noreturn",
                "unused",
                "constructor",
                "destructor",
                "cleanup",
                "alias",
                "ifunc",
                "weak",
                "weakref",
                "vector_size")) assertThat(Extensions.attribute(a)).as(a).isTrue();
        assertThat(Extensions.attribute("symver")).as("symver").isFalse();
        for (String b : List.of(
                "__builtin_bswap64",
                "__builtin_clzll",
                "__builtin_isnan",
                "__builtin_object_size",
                "__builtin_memcpy",
                "__builtin_types_compatible_p",
                "__builtin_offsetof",
                "__builtin_cpu_supports",
                "__builtin_cpu_is",
                "__builtin_cpu_init",
                "__builtin_alloca",
                "__builtin_isfpclass",
                "__builtin_shuffle",
                "__atomic_load",
                "__atomic_test_and_set",
                "__c11_atomic_fetch_max"))
            assertThat(Extensions.builtin(b)).as(b).isTrue();
        for (String b : List.of("__builtin_add_overflow", "__builtin_frame_address"))
            assertThat(Extensions.builtin(b)).as(b).isFalse();
    }
}
