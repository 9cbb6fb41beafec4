package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Instruction selection on hand-written IR, each result also assembled by ptxas for sm_75 and sm_90. */
class PtxBackendTest {
    @TempDir
    Path tmp;

    static Module ir(String text) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module m = IrParser.parse(
                new SourceFile("t.jir", "module \"t.c\"\n" + text), new Diagnostics(new PrintStream(err, true)));
        assertThat(err.toString()).isEmpty();
        return m;
    }

    /** PTX for sm_75, checked by ptxas for sm_75 and sm_90 when ptxas is installed. */
    String ptx(String text) throws Exception {
        Module m = ir(text);
        String ptx = PtxBackend.compile(m, "sm_75");
        if (Ptxas.find() != null) {
            assertThat(Ptxas.check(ptx, "sm_75", tmp)).as(ptx).isNull();
            assertThat(Ptxas.check(PtxBackend.compile(m, "sm_90"), "sm_90", tmp))
                    .isNull();
        }
        return ptx;
    }

    static final String SAXPY = """
            declare i32 () @omp_get_thread_num
            declare i32 () @omp_get_num_threads
            func kernel_args(4) void @__omp_offloading_fd00_42_saxpy_l7(ptr %args.0) {
            entry:
              %n.1 = load i32 %args.0
              %p.2 = add ptr %args.0, 8
              %x.3 = load ptr %p.2
              %p.4 = add ptr %args.0, 16
              %y.5 = load ptr %p.4
              %p.6 = add ptr %args.0, 24
              %ab.7 = load i64 %p.6
              %a.8 = bitcast i64 %ab.7 to f64
              %i.9 = call i32 () @omp_get_thread_num()
              %s.10 = call i32 () @omp_get_num_threads()
              br cond
            cond:
              %c.11 = cmp lt i32 %i.9, %n.1
              condbr i32 %c.11, body, done
            body:
              %w.12 = sext i32 %i.9 to i64
              %o.13 = mul i64 %w.12, 8
              %px.14 = add ptr %x.3, %o.13
              %py.15 = add ptr %y.5, %o.13
              %xv.16 = load f64 %px.14
              %yv.17 = load f64 %py.15
              %t.18 = mul f64 %a.8, %xv.16
              %r.19 = add f64 %t.18, %yv.17
              store f64 %r.19, %py.15
              %i.9 = add i32 %i.9, %s.10
              br cond
            done:
              ret void
            }
            """;

    @Test
    void saxpyKernelIsAnEntryTakingItsArgumentsAsParameters() throws Exception {
        String ptx = ptx(SAXPY);
        assertThat(ptx)
                .contains(
                        ".version 7.8",
                        ".target sm_75",
                        ".address_size 64",
                        // one .param .u64 per argument, as clang's kernels and the plugins' launches have them
                        ".visible .entry __omp_offloading_fd00_42_saxpy_l7(.param .u64 __arg0, .param .u64 __arg1, .param .u64 __arg2, .param .u64 __arg3)\n{",
                        // the device runtime's kernel init is linked in, .weak
                        ".weak .func (.param .b32 __retval) __jomp_target_init(",
                        "mul.rn.f64 %fd18, %fd8, %fd16;",
                        "add.rn.f64 %fd19, %fd18, %fd17;",
                        "st.global.f64 [%rd15], %fd19;") // y[i]: a kernel argument's address, global (GlobalAddresses)
                .doesNotContain("__args", "$body")
                // the body reads its arguments from the parameters, not through memory
                .containsPattern(
                        "ld\\.param\\.u64 (%rd\\d+), \\[__arg3\\];\\s+(?:[^\\n]*\\n\\s+)*?mov\\.b64 %fd8, \\1;")
                // the loop test branches on the comparison's predicate, with no 0/1 value in between
                .containsPattern("setp.lt.s32 (%p\\d+), %r9, %r1;\\s+@!\\1 bra \\$B\\d+;")
                .doesNotContain("selp");
    }

    @Test
    void aSelfContainedKernelIsACompleteProgram() throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        String ptx = PtxBackend.compile(ir("""
                declare i32 () @__nvvm_read_ptx_sreg_tid_x
                func static f64 @twice(f64 %x.0) {
                entry:
                  %1 = add f64 %x.0, %x.0
                  ret f64 %1
                }
                func kernel_args(1) void @__omp_offloading_fd00_1_main_l3(ptr %args.0) {
                entry:
                  %a.1 = load ptr %args.0
                  %t.2 = call i32 () @__nvvm_read_ptx_sreg_tid_x()
                  %w.3 = sext i32 %t.2 to i64
                  %o.4 = shl i64 %w.3, 3
                  %p.5 = add ptr %a.1, %o.4
                  %v.6 = load f64 %p.5
                  %r.7 = call f64 (f64) @twice(f64 %v.6)
                  store f64 %r.7, %p.5
                  ret void
                }
                """), "sm_90");
        assertThat(Ptxas.check(ptx, "sm_90", tmp, false)).as(ptx).isNull();
        assertThat(Ptxas.check(ptx, "sm_75", tmp, false)).isNotNull(); // .target sm_90 code is not for sm_75
    }

    @Test
    void signedAndUnsignedArithmeticPickTheirInstructions() throws Exception {
        String ptx = ptx("""
                func i32 @f(i32 %a.0, i32 %b.1, i64 %c.2, i64 %d.3) {
                entry:
                  %4 = udiv i32 %a.0, %b.1
                  %5 = urem i32 %a.0, %b.1
                  %6 = div i32 %a.0, %b.1
                  %7 = rem i32 %a.0, %b.1
                  %8 = udiv i64 %c.2, %d.3
                  %9 = urem i64 %c.2, %d.3
                  %10 = div i64 %c.2, %d.3
                  %11 = shr i32 %a.0, %b.1
                  %12 = ushr i32 %a.0, %b.1
                  %13 = shl i64 %c.2, %d.3
                  %14 = cmp ult i32 %a.0, %b.1
                  %15 = cmp uge i64 %c.2, %d.3
                  %16 = cmp le i32 %a.0, %b.1
                  %17 = shl i32 %a.0, 33
                  ret i32 %4
                }
                """);
        assertThat(ptx)
                .contains(
                        "div.u32 %r4, %r0, %r1;",
                        "rem.u32 %r5, %r0, %r1;",
                        "div.s32 %r6, %r0, %r1;",
                        "rem.s32 %r7, %r0, %r1;",
                        "div.u64 %rd8, %rd2, %rd3;",
                        "rem.u64 %rd9, %rd2, %rd3;",
                        "div.s64 %rd10, %rd2, %rd3;",
                        "setp.lo.u32",
                        "setp.hs.u64",
                        "setp.le.s32",
                        "st.param.b32 [__retval], %r4;");
        // shift counts keep their low 5 or 6 bits (C's undefined counts behave as on the JVM), PTX would clamp
        assertThat(ptx)
                .containsPattern("and.b32 (%r\\d+), %r1, 31;\\s+shr.s32 %r11, %r0, \\1;")
                .containsPattern("and.b32 (%r\\d+), %r1, 31;\\s+shr.u32 %r12, %r0, \\1;")
                .containsPattern("and.b32 (%r\\d+), %r\\d+, 63;\\s+shl.b64 %rd13, %rd2, \\1;")
                .contains("shl.b32 %r17, %r0, 1;");
        // a 64-bit division by a variable divides in 32 bits when both operands are below 2^32
        assertThat(ptx)
                .containsPattern(
                        "or\\.b64 (%rd\\d+), %rd2, %rd3;\\s+shr\\.u64 \\1, \\1, 32;\\s+setp\\.ne\\.u64 (%p\\d+), \\1, 0;\\s+@\\2 bra (\\$L\\d+);\\s+"
                                + "cvt\\.u32\\.u64 (%r\\d+), %rd2;\\s+cvt\\.u32\\.u64 (%r\\d+), %rd3;\\s+div\\.u32 (%r\\d+), \\4, \\5;\\s+cvt\\.u64\\.u32 %rd10, \\6;\\s+"
                                + "bra\\.uni (\\$L\\d+);\\s+\\3:\\s+div\\.s64 %rd10, %rd2, %rd3;\\s+\\7:")
                .containsPattern("rem\\.u32 (%r\\d+), %r\\d+, %r\\d+;\\s+cvt\\.u64\\.u32 %rd9, \\1;");
    }

    @Test
    void bitOperationsAreOneOrTwoInstructions() throws Exception {
        String ptx = ptx("""
                func i64 @f(i32 %a.0, i64 %b.1) {
                entry:
                  %2 = ctz i32 %a.0
                  %3 = clz i32 %a.0
                  %4 = popcount i32 %a.0
                  %5 = bswap i32 %a.0
                  %6 = ctz i64 %b.1
                  %7 = clz i64 %b.1
                  %8 = popcount i64 %b.1
                  %9 = bswap i64 %b.1
                  ret i64 %9
                }
                """);
        assertThat(ptx)
                .containsPattern("brev\\.b32 (%r\\d+), %r0;\\s+clz\\.b32 %r2, \\1;")
                .contains("clz.b32 %r3, %r0;", "popc.b32 %r4, %r0;", "prmt.b32 %r5, %r0, 0, 0x0123;")
                // the 64-bit counts are .u32 results, widened
                .containsPattern(
                        "brev\\.b64 (%rd\\d+), %rd1;\\s+clz\\.b64 (%r\\d+), \\1;\\s+cvt\\.u64\\.u32 %rd6, \\2;")
                .containsPattern("clz\\.b64 (%r\\d+), %rd1;\\s+cvt\\.u64\\.u32 %rd7, \\1;")
                .containsPattern("popc\\.b64 (%r\\d+), %rd1;\\s+cvt\\.u64\\.u32 %rd8, \\1;")
                // bswap of 64 bits: each half byte-reversed, the halves exchanged
                .containsPattern("mov\\.b64 \\{(%r\\d+), (%r\\d+)\\}, %rd1;\\s+prmt\\.b32 \\1, \\1, 0, 0x0123;\\s+"
                        + "prmt\\.b32 \\2, \\2, 0, 0x0123;\\s+mov\\.b64 %rd9, \\{\\2, \\1\\};");
    }

    @Test
    void narrowIntegersStaySignExtendedIn32BitRegisters() throws Exception {
        String ptx = ptx("""
                func void @f(ptr %p.0) {
                entry:
                  %1 = load i8 %p.0
                  %2 = add i8 %1, 1
                  store i8 %2, %p.0
                  %3 = load i16 %p.0
                  %4 = udiv i16 %3, 3
                  store i16 %4, %p.0
                  %5 = zext i8 %1 to i64
                  %6 = trunc i64 %5 to i8
                  %7 = uitofp i8 %1 to f64
                  ret void
                }
                """);
        assertThat(ptx)
                .contains(
                        "ld.s8 %r1, [%rd0];",
                        "add.s32 %r2, %r1, 1;",
                        "cvt.s32.s8 %r2, %r2;",
                        "st.u8 [%rd0], %r2;",
                        "ld.s16 %r3, [%rd0];",
                        "st.u16 [%rd0], %r4;",
                        "cvt.s32.s16 %r4, %r4;",
                        "cvt.u32.u64 %r6, %rd5;",
                        "cvt.s32.s8 %r6, %r6;")
                .containsPattern("and.b32 (%r\\d+), %r3, 65535;\\s+mov.b32 (%r\\d+), 3;\\s+div.u32 %r4, \\1, \\2;")
                .containsPattern("and.b32 (%r\\d+), %r1, 255;\\s+cvt.u64.u32 %rd5, \\1;")
                .containsPattern("and.b32 (%r\\d+), %r1, 255;\\s+cvt.rn.f64.u32 %fd7, \\1;");
    }

    @Test
    void floatComparisonsAndConversionsFollowC() throws Exception {
        String ptx = ptx("""
                func i32 @f(f64 %x.0, f32 %y.1, i64 %u.2) {
                entry:
                  %3 = cmp ne f64 %x.0, 0.5
                  %4 = cmp lt f32 %y.1, 1.0
                  %5 = fptosi f64 %x.0 to i32
                  %6 = fptoui f64 %x.0 to i64
                  %7 = fptoui f32 %y.1 to i32
                  %8 = uitofp i64 %u.2 to f64
                  %9 = sitofp i64 %u.2 to f32
                  %10 = fpext f32 %y.1 to f64
                  %11 = fptrunc f64 %x.0 to f32
                  %12 = rem f64 %x.0, %10
                  %13 = neg f64 %x.0
                  condbr i64 %u.2, a, b
                a:
                  ret i32 %3
                b:
                  ret i32 %4
                }
                """);
        assertThat(ptx)
                .contains(
                        "setp.neu.f64 %p0, %fd0, 0d3FE0000000000000;",
                        "setp.lt.f32 %p1, %f1, 0f3F800000;",
                        "cvt.rzi.s32.f64 %r5, %fd0;",
                        "cvt.rzi.u64.f64 %rd6, %fd0;",
                        "cvt.rn.f64.u64 %fd8, %rd2;",
                        "cvt.rn.f32.s64 %f9, %rd2;",
                        "cvt.f64.f32 %fd10, %f1;",
                        "cvt.rn.f32.f64 %f11, %fd0;",
                        "neg.f64 %fd13, %fd0;",
                        "call.uni (__r), __nv_fmod, (__a0, __a1);",
                        ".weak .func (.param .b64 __retval) __nv_fmod(.param .b64 __param_0, .param .b64 __param_1);")
                .containsPattern("cvt.rzi.s64.f32 (%rd\\d+), %f1;\\s+cvt.u32.u64 %r7, \\1;")
                .contains("setp.ne.s64 %p2, %rd2, 0;");
    }

    @Test
    void exactMathIsInlineAndTheRestCallsLibdevice() throws Exception {
        String ptx = ptx("""
                declare f64 (f64) @sqrt
                declare f64 (f64) @sin
                declare f32 (f32) @floorf
                declare f64 (f64, f64) @copysign
                declare f64 (f64, f64) @fmax
                declare i32 (f64) @__jomp_isnan
                declare i32 (f64) @__jomp_signbit
                func f64 @f(f64 %x.0, f32 %y.1) {
                entry:
                  %2 = call f64 (f64) @sqrt(f64 %x.0)
                  %3 = call f64 (f64) @sin(f64 %2)
                  %4 = call f32 (f32) @floorf(f32 %y.1)
                  %5 = call f64 (f64, f64) @copysign(f64 %x.0, f64 %3)
                  %6 = call f64 (f64, f64) @fmax(f64 %x.0, f64 %3)
                  %7 = call i32 (f64) @__jomp_isnan(f64 %x.0)
                  %8 = call i32 (f64) @__jomp_signbit(f64 %x.0)
                  ret f64 %5
                }
                """);
        assertThat(ptx)
                .contains(
                        "sqrt.rn.f64 %fd2, %fd0;",
                        "cvt.rmi.f32.f32 %f4, %f1;",
                        "copysign.f64 %fd5, %fd3, %fd0;",
                        "max.f64 %fd6, %fd0, %fd3;",
                        "setp.nan.f64 %p0, %fd0, %fd0;",
                        "selp.u32 %r7, 1, 0, %p0;",
                        ".weak .func (.param .b64 __retval) __nv_sin(.param .b64 __param_0);",
                        "call.uni (__r), __nv_sin, (__a0);")
                // libdevice's sin, compiled by LLVM for the arch, is appended to the module
                .containsPattern(
                        "// libdevice\\n[\\s\\S]*\\.weak \\.func +\\(\\.param \\.b64 func_retval0\\) __nv_sin\\(")
                .doesNotContain(" sqrt(", " sin(", "floorf", ".extern");
    }

    @Test
    void printfBecomesVprintfWithArgumentsPackedByNaturalAlignment() throws Exception {
        String ptx = ptx("""
                declare i32 (ptr, ...) @printf
                global static readonly @.str size 13 align 1 data "%d %f %c %ld\\00"
                func i32 @main() {
                  slot $va.0 size 32 align 8
                entry:
                  %0 = addr @.str
                  %1 = slotaddr $va.0
                  store i64 -7, %1
                  %2 = add ptr %1, 8
                  store f64 2.5, %2
                  %3 = add ptr %1, 16
                  store i64 65, %3
                  %4 = add ptr %1, 24
                  store i64 1099511627776, %4
                  %5 = call i32 (ptr, ...) @printf(ptr %0, ptr %1)
                  ret i32 %5
                }
                """);
        assertThat(ptx)
                .contains(
                        ".extern .func (.param .b32 __retval) vprintf(.param .b64 __param_0, .param .b64 __param_1);",
                        "call.uni (__r), vprintf, (__a0, __a1);",
                        "cvta.global.u64 %rd0, _$_str;",
                        ".global .align 1 .b8 _$_str[13] = {37, 100,")
                .doesNotContain(" printf");
        // slots 0, 8, 16, 24 → packed 0 (int), 8 (double), 16 (int), 24 (long); the buffer follows the 32-byte frame
        assertThat(ptx)
                .containsPattern("add.s64 (%rd\\d+), %rd\\d+, 32;")
                .containsPattern(
                        "add.s64 %rd\\d+, %rd1, 16;\\s+ld.u32 (%r\\d+), \\[%rd\\d+\\];\\s+add.s64 (%rd\\d+), %rd\\d+, 16;\\s+st.u32 \\[\\2\\], \\1;")
                .containsPattern(
                        "add.s64 %rd\\d+, %rd1, 24;\\s+ld.u64 (%rd\\d+), \\[%rd\\d+\\];\\s+add.s64 (%rd\\d+), %rd\\d+, 24;\\s+st.u64 \\[\\2\\], \\1;")
                .contains("__frame[64]");
        assertThat(PrintfFormat.argumentSizes("%d %f %c %ld", "f")).containsExactly(4, 8, 4, 8);
        assertThat(PrintfFormat.argumentSizes("%-*.*lld|%%|%s|%p|%hhu|%zu|%5.2e", "f"))
                .containsExactly(4, 4, 8, 8, 8, 4, 8, 8);
        assertThat(PrintfFormat.argumentSizes("%lc%c%hd%jd%Lf", "f")).containsExactly(4, 4, 4, 8, 8);
    }

    @Test
    void printfWithAFormatKnownOnlyAtRunTimeGoesToTheDeviceRuntime() throws Exception {
        String ptx = ptx("""
                declare i32 (ptr, ...) @printf
                declare i32 (ptr, ptr) @vprintf
                func i32 @f(ptr %fmt.0, ptr %ap.1) {
                entry:
                  %2 = call i32 (ptr, ...) @printf(ptr %fmt.0, ptr %ap.1)
                  %3 = call i32 (ptr, ptr) @vprintf(ptr %fmt.0, ptr %ap.1)
                  ret i32 %2
                }
                """);
        // the device runtime's __jomp_vprintf is linked in; it calls CUDA's vprintf, f does not
        assertThat(ptx)
                .contains(
                        ".weak .func (.param .b32 __retval) __jomp_vprintf(.param .b64 __param_0, .param .b64 __param_1)")
                .contains(".extern .func (.param .b32 __retval) vprintf(");
        String f = ptx.substring(ptx.indexOf(
                ".visible .func (.param .b32 __retval) f(.param .b64 __param_0, .param .b64 __param_1)\n{"));
        f = f.substring(0, f.indexOf("\n}"));
        assertThat(f).doesNotContain(" vprintf");
        assertThat(f.split("call.uni \\(__r\\), __jomp_vprintf, \\(__a0, __a1\\);", -1))
                .hasSize(3);
    }

    @Test
    void globalsKeepTheirBytesAndAddresses() throws Exception {
        String ptx = ptx("""
                declare i32 (i32) @ext
                declare data @outside
                global @zero size 16 align 8 zero
                global static @f.x size 4 align 4 data "\\01\\02\\03\\04"
                global @table size 24 align 8 data "\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\05\\00\\00\\00\\00\\00\\00\\00" reloc 0 @f.x + 2 reloc 8 @g
                global @fp size 8 align 8 zero reloc 0 @ext
                func i32 @g(i32 %a.0) {
                entry:
                  %1 = addr @outside
                  %2 = load i32 %1
                  ret i32 %2
                }
                """);
        assertThat(ptx)
                .contains(
                        ".visible .global .align 8 .b8 zero[16];",
                        ".global .align 4 .b8 f_$_x[4] = {1, 2, 3, 4};",
                        ".visible .global .align 8 .u8 table[24] = {0xFF(generic(f_$_x)+2), 0xFF00(generic(f_$_x)+2),",
                        "0xFF00000000000000(generic(f_$_x)+2), 0xFF(g), 0xFF00(g)",
                        "0xFF00000000000000(g), 5, 0",
                        ".extern .global .align 8 .b8 outside[];",
                        "0xFF(ext)",
                        ".extern .func (.param .b32 __retval) ext(.param .b32 __param_0);");
    }

    @Test
    void dataThatPointsAtItselfOrInCyclesIsDeclaredAhead() throws Exception {
        String zeros = "\\00".repeat(16);
        String ptx = ptx("""
                global static @head size 16 align 8 data "%1$s" reloc 0 @head reloc 8 @head
                global @a size 16 align 8 data "%1$s" reloc 0 @b
                global @b size 16 align 8 data "%1$s" reloc 0 @a reloc 8 @head
                func ptr @f() {
                entry:
                  %%0 = addr @head
                  ret ptr %%0
                }
                """.formatted(zeros));
        String head = "head$" + Integer.toHexString("t.c".hashCode());
        assertThat(ptx)
                .contains(
                        ".extern .global .align 8 .u8 " + head + "[16];",
                        ".visible .global .align 8 .u8 " + head + "[16] = {0xFF(generic(" + head + ")),",
                        "cvta.global.u64 %rd0, " + head + ";")
                .containsPattern("\\.extern \\.global \\.align 8 \\.u8 [ab]\\[16\\];");
        // a long chain of static nodes, each naming the next, needs no recursion and no declaration ahead
        StringBuilder chain = new StringBuilder();
        for (int i = 0; i < 5000; i++)
            chain.append("global static @n")
                    .append(i)
                    .append(" size 8 align 8 data \"")
                    .append("\\00".repeat(8))
                    .append("\" reloc 0 @n")
                    .append(i + 1)
                    .append('\n');
        chain.append("global static @n5000 size 8 align 8 zero\n");
        String big = PtxBackend.compile(ir(chain.toString()), "sm_90");
        assertThat(big).doesNotContain(".extern").contains(".global .align 8 .u8 n0[8] = {0xFF(generic(n1))");
        assertThat(big.indexOf(" n1[8]")).isLessThan(big.indexOf(" n0[8]"));
    }

    @Test
    void framesDynamicAllocationAndIndirectCalls() throws Exception {
        String ptx = ptx("""
                func static i32 @sq(i32 %x.0) {
                entry:
                  %1 = mul i32 %x.0, %x.0
                  ret i32 %1
                }
                func i32 @f(i64 %n.0) {
                  slot $a.0 size 12 align 4
                  slot $b.1 size 8 align 8
                entry:
                  %1 = slotaddr $b.1
                  %2 = stacksave
                  %3 = alloca i64 %n.0, align 16
                  memset %3, i32 7, i64 %n.0
                  memcpy %1, %3, i64 8
                  %4 = funcaddr @sq
                  %5 = calli i32 (i32) %4(i32 3)
                  stackrestore %2
                  %6 = call i32 (i32) @sq(i32 %5)
                  ret i32 %6
                }
                """);
        assertThat(ptx)
                .contains(
                        ".func (.param .b32 __retval) sq(.param .b32 __param_0)",
                        ".local .align 8 .b8 __frame[24];",
                        "add.s64 %rd1, %rd",
                        ", 16;",
                        "stacksave.u64 %rd2;",
                        "alloca.u64",
                        ", %rd0, 16;",
                        "stackrestore.u64 %rd2;",
                        "mov.u64 %rd4, sq;",
                        ".callprototype (.param .b32 _) _ (.param .b32 _);",
                        "call (__r), %rd4, (__a0), $P",
                        "call.uni (__r), sq, (__a0);",
                        "ld.u8",
                        "st.u8");
    }

    @Test
    void smallStructCopiesMoveWordsWhenAligned() throws Exception {
        String ptx = ptx("""
                func void @f(ptr %d.0, ptr %s.1, i64 %v.2) {
                entry:
                  memcpy %d.0, %s.1, i64 16
                  memcpy %d.0, %s.1, i64 12
                  switch i64 %v.2, default out [5000000000: one, -1: two]
                one:
                  ret void
                two:
                  ret void
                out:
                  ret void
                }
                """);
        assertThat(ptx)
                .containsPattern("mov.b64 (%rd\\d+), %rd0;\\s+or.b64 \\1, \\1, %rd1;\\s+and.b64 \\1, \\1, 7;")
                .containsPattern(
                        "ld.u64 (%rd\\d+), \\[(%rd\\d+)\\];\\s+add.s64 (%rd\\d+), %rd0, 8;\\s+st.u64 \\[\\3\\], \\1;")
                .contains("setp.eq.b64 %p", ", 5000000000;", ", -1;");
        assertThat(ptx.split("ld.u64", -1)).hasSize(3); // the 12-byte copy goes byte by byte
        assertThat(ptx.split("ld.u8", -1)).hasSize(3); // as does the unaligned case of the 16-byte one
    }

    @Test
    void variableSizeCopiesAndFillsUseWordsWhenAddressesAndSizeAllow() throws Exception {
        String ptx = ptx("""
                func void @f(ptr %d.0, ptr %s.1, i64 %n.2, i32 %v.3) {
                entry:
                  memcpy %d.0, %s.1, i64 %n.2
                  memset %d.0, i32 %v.3, i64 %n.2
                  memset %d.0, i32 0, i64 3
                  ret void
                }
                """);
        assertThat(ptx)
                .containsPattern(
                        "mov.b64 (%rd\\d+), %rd0;\\s+or.b64 \\1, \\1, %rd1;\\s+or.b64 \\1, \\1, %rd2;\\s+and.b64 \\1, \\1, 7;")
                .containsPattern(
                        "ld.u64 (%rd\\d+), \\[(%rd\\d+)\\];\\s+add.s64 (%rd\\d+), %rd0, (%rd\\d+);\\s+st.u64 \\[\\3\\], \\1;\\s+add.s64 \\4, \\4, 8;")
                .containsPattern("mov.b64 (%rd\\d+), %rd0;\\s+or.b64 \\1, \\1, %rd2;\\s+and.b64 \\1, \\1, 7;")
                .containsPattern(
                        "cvt.u64.u32 (%rd\\d+), %r3;\\s+and.b64 \\1, \\1, 255;\\s+mul.lo.s64 \\1, \\1, 72340172838076673;")
                .containsPattern("st.u8 \\[%rd\\d+\\], %r\\d+;\\s+add.s64 (%rd\\d+), \\1, 1;");
    }

    @Test
    void denseSwitchesJumpThroughATable() throws Exception {
        String ptx = ptx("""
                func i32 @f(i32 %v.0) {
                entry:
                  switch i32 %v.0, default d [-1: a, 0: b, 1: c, 3: a]
                a:
                  ret i32 10
                b:
                  ret i32 20
                c:
                  ret i32 30
                d:
                  ret i32 40
                }
                """);
        assertThat(ptx)
                .containsPattern("sub.s32 (%r\\d+), %r0, -1;\\s+setp.hs.u32 (%p\\d+), \\1, 5;\\s+@\\2 bra \\$B4;")
                .containsPattern(
                        "(\\$T\\d+): .branchtargets \\$B1, \\$B2, \\$B3, \\$B4, \\$B1;\\s+brx.idx %r\\d+, \\1;")
                .doesNotContain("setp.eq");
    }

    @Test
    void constructsTheDeviceCannotRunAreRejectedNamingTheFunction() {
        assertThatThrownBy(() -> PtxBackend.compile(
                        ir("func i32 @__omp_offloading_1_f_l1(i32 %x.0) {\nentry:\n  ret i32 0\n}\n"), "sm_90"))
                .isInstanceOf(PtxException.class)
                .hasMessage(
                        "kernel '__omp_offloading_1_f_l1' must be 'void (ptr)' (the address of its argument slots), not i32 (i32)");
        assertThatThrownBy(() -> PtxBackend.compile(ir("""
                func kernel_args(0) void @__omp_offloading_1_f_l1(ptr %a.0) {
                entry:
                  ret void
                }
                func void @g(ptr %a.0) {
                entry:
                  call void (ptr) @__omp_offloading_1_f_l1(ptr %a.0)
                  ret void
                }
                """), "sm_90"))
                .hasMessage("function 'g' calls kernel '__omp_offloading_1_f_l1', which a device function cannot call");
        assertThatThrownBy(() -> PtxBackend.compile(ir("""
                declare i32 (ptr, ...) @printf
                global static readonly @.str size 4 align 1 data "%k\\0a\\00"
                func void @f() {
                entry:
                  %0 = addr @.str
                  %1 = call i32 (ptr, ...) @printf(ptr %0, ptr 0)
                  ret void
                }
                """), "sm_90"))
                .hasMessage("function 'f': printf conversion '%k' is not supported on nvptx");
        assertThatThrownBy(() -> PtxBackend.compile(ir(""), "compute_90"))
                .hasMessage("invalid NVPTX architecture 'compute_90' (expected sm_XX)");
    }

    @Test
    void cNamesThatArePtxWordsStillAssemble() throws Exception {
        String ptx = ptx("""
                global @WARP_SZ size 4 align 4 zero
                global @reg size 4 align 4 zero
                func i32 @ret(i32 %call.0) {
                entry:
                  %1 = addr @WARP_SZ
                  %2 = addr @reg
                  %3 = load i32 %1
                  ret i32 %3
                }
                func i32 @call() {
                entry:
                  %0 = call i32 (i32) @ret(i32 1)
                  ret i32 %0
                }
                """);
        assertThat(ptx).contains("cvta.global.u64 %rd1, WARP_SZ$;", "call.uni (__r), ret, (__a0);");
    }

    @Test
    void everyArchGetsAPtxVersionPtxasAccepts() throws Exception {
        Module m = ir(SAXPY);
        for (String arch : List.of(
                "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_103", "sm_110",
                "sm_120", "sm_121")) {
            String ptx = PtxBackend.compile(m, arch);
            assertThat(ptx).contains(".target " + arch + "\n");
            if (Ptxas.find() != null)
                assertThat(Ptxas.check(ptx, arch, tmp)).as(arch).isNull();
        }
        assertThat(PtxBackend.ptxVersion("sm_90")).isEqualTo("7.8");
        assertThat(PtxBackend.ptxVersion("sm_90a")).isEqualTo("8.0");
        assertThatThrownBy(() -> PtxBackend.compile(m, "sm_70"))
                .hasMessage("NVPTX architecture 'sm_70' is not supported (sm_75 or newer)");
    }

    @Test
    void clangNvptxBuiltinsArePtxInstructions() throws Exception {
        String ptx = ptx("""
                declare i32 () @__nvvm_read_ptx_sreg_tid_x
                declare i32 () @__nvvm_read_ptx_sreg_ntid_x
                declare i32 () @__nvvm_read_ptx_sreg_ctaid_y
                declare i32 () @__nvvm_read_ptx_sreg_warpsize
                declare void () @__syncthreads
                declare void () @__nvvm_membar_gl
                declare f64 (ptr, f64) @__nvvm_atom_add_gen_d
                declare i32 (ptr, i32, i32) @__nvvm_atom_cas_gen_i
                declare f32 (i32, f32, i32, i32) @__nvvm_shfl_sync_down_f32
                declare i32 (i32, i32, i32, i32) @__nvvm_shfl_sync_bfly_i32
                declare void (i32) @__nvvm_barrier_sync
                func void @f(ptr %p.0, f64 %x.1, f32 %y.2) {
                entry:
                  %3 = call i32 () @__nvvm_read_ptx_sreg_tid_x()
                  %4 = call i32 () @__nvvm_read_ptx_sreg_ntid_x()
                  %5 = call i32 () @__nvvm_read_ptx_sreg_ctaid_y()
                  %6 = call i32 () @__nvvm_read_ptx_sreg_warpsize()
                  call void () @__syncthreads()
                  call void () @__nvvm_membar_gl()
                  %7 = call f64 (ptr, f64) @__nvvm_atom_add_gen_d(ptr %p.0, f64 %x.1)
                  %8 = call i32 (ptr, i32, i32) @__nvvm_atom_cas_gen_i(ptr %p.0, i32 0, i32 %3)
                  %9 = call f32 (i32, f32, i32, i32) @__nvvm_shfl_sync_down_f32(i32 -1, f32 %y.2, i32 16, i32 31)
                  %10 = call i32 (i32, i32, i32, i32) @__nvvm_shfl_sync_bfly_i32(i32 -1, i32 %3, i32 1, i32 31)
                  call void (i32) @__nvvm_barrier_sync(i32 0)
                  ret void
                }
                """);
        assertThat(ptx)
                .contains(
                        "mov.u32 %r3, %tid.x;",
                        "mov.u32 %r4, %ntid.x;",
                        "mov.u32 %r5, %ctaid.y;",
                        "mov.u32 %r6, WARP_SZ;",
                        "bar.sync 0;",
                        "membar.gl;",
                        "atom.add.f64 %fd7, [%rd0], %fd1;")
                .containsPattern("mov.b32 (%r\\d+), 0;\\s+atom.cas.b32 %r8, \\[%rd0\\], \\1, %r3;")
                .containsPattern("shfl.sync.down.b32 %f9, %f2, %r\\d+, %r\\d+, %r\\d+;")
                .contains("shfl.sync.bfly.b32 %r10, %r3,")
                .containsPattern("mov.b32 (%r\\d+), 0;\\s+barrier.sync \\1;")
                .doesNotContain(".extern");
    }

    @Test
    void symbolsArePtxIdentifiers() {
        assertThat(PtxText.symbol(".str.1")).isEqualTo("_$_str_$_1");
        assertThat(PtxText.symbol("f.x")).isEqualTo("f_$_x");
        assertThat(PtxText.symbol("main")).isEqualTo("main");
        assertThat(PtxText.symbol("WARP_SZ")).isEqualTo("WARP_SZ$");
        assertThat(PtxBackend.symbolName(".omp_offloading.entry_name.k"))
                .isEqualTo("_$_omp_offloading_$_entry_name_$_k");
        assertThat(List.of(PtxText.symbol("a-b"), PtxText.symbol("1x"))).containsExactly("a_$2d_b", "_1x");
    }
}
