package jomp.compiler.parse;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Type;

/**
 * {@code __builtin_cpu_init()}, {@code __builtin_cpu_supports("feature")} and {@code
 * __builtin_cpu_is("name")}, answered for the host processor at run time: the runtime (libc's X86)
 * reads Linux's /proc/cpuinfo, its vendor_id, cpu family and flags. The feature names are clang
 * 19's; each becomes the Linux flags it needs (all of them: {@code x86-64-v3} is its level's
 * list), which the call passes to the runtime. {@code __builtin_cpu_is} passes clang's canonical
 * name of the vendor, processor type or subtype; the runtime's CpuModel decides from the family,
 * model and flags.
 */
final class CpuBuiltins {
    private CpuBuiltins() {}

    /** clang's feature name: the /proc/cpuinfo flags it needs (space-separated). */
    private static final Map<String, String> FEATURES = new HashMap<>();

    private static void features(String pairs) {
        String[] p = pairs.trim().split("\\s+");
        for (int i = 0; i < p.length; i += 2) FEATURES.put(p[i], p[i + 1].replace(',', ' '));
    }

    static {
        features("cmov cmov mmx mmx popcnt popcnt sse sse sse2 sse2 sse3 pni ssse3 ssse3 sse4.1 sse4_1 sse4.2 sse4_2"
                + " avx avx avx2 avx2 sse4a sse4a fma4 fma4 xop xop fma fma avx512f avx512f bmi bmi1 bmi2 bmi2"
                + " aes aes pclmul pclmulqdq avx512vl avx512vl avx512bw avx512bw avx512dq avx512dq"
                + " avx512cd avx512cd avx512vbmi avx512vbmi"
                + " avx512ifma avx512ifma avx5124vnniw avx512_4vnniw avx5124fmaps avx512_4fmaps"
                + " avx512vpopcntdq avx512_vpopcntdq avx512vbmi2 avx512_vbmi2 gfni gfni vpclmulqdq vpclmulqdq"
                + " avx512vnni avx512_vnni avx512bitalg avx512_bitalg avx512bf16 avx512_bf16"
                + " avx512vp2intersect avx512_vp2intersect avx512fp16 avx512_fp16 adx adx cx16 cx16 f16c f16c"
                + " fsgsbase fsgsbase lzcnt abm movbe movbe rdrnd rdrand rdseed rdseed sha sha_ni vaes vaes"
                + " xsave xsave amx-tile amx_tile amx-int8 amx_int8 amx-bf16 amx_bf16 waitpkg waitpkg"
                + " movdiri movdiri movdir64b movdir64b clflushopt clflushopt clwb clwb serialize serialize"
                + " cx8 cx8 fxsr fxsr sahf lahf_lm prfchw 3dnowprefetch tbm tbm lwp lwp pku pku rdpid rdpid"
                + " x86-64 cmov,cx8,fpu,fxsr,mmx,sse,sse2"
                + " x86-64-v2 cmov,cx8,fpu,fxsr,mmx,sse,sse2,cx16,lahf_lm,popcnt,pni,sse4_1,sse4_2,ssse3"
                + " x86-64-v3 cmov,cx8,fpu,fxsr,mmx,sse,sse2,cx16,lahf_lm,popcnt,pni,sse4_1,sse4_2,ssse3,"
                + "avx,avx2,bmi1,bmi2,f16c,fma,abm,movbe,xsave"
                + " x86-64-v4 cmov,cx8,fpu,fxsr,mmx,sse,sse2,cx16,lahf_lm,popcnt,pni,sse4_1,sse4_2,ssse3,"
                + "avx,avx2,bmi1,bmi2,f16c,fma,abm,movbe,xsave,avx512f,avx512bw,avx512cd,avx512dq,avx512vl");
    }

    /**
     * clang 19's names for __builtin_cpu_is (vendors, processor types and subtypes), each with the
     * canonical name the runtime answers for (an alias's target: atom is bonnell, raptorlake
     * alderlake, as clang compares them).
     */
    private static final Map<String, String> CPUS = new HashMap<>();

    static {
        for (String n : ("intel amd bonnell core2 corei7 silvermont knl knm btver1 btver2 goldmont goldmont-plus"
                        + " tremont sierraforest grandridge clearwaterforest zhaoxin_fam7h"
                        + " amdfam10h amdfam15h amdfam17h amdfam19h amdfam1ah"
                        + " nehalem westmere sandybridge ivybridge haswell broadwell skylake skylake-avx512"
                        + " cannonlake icelake-client icelake-server cascadelake tigerlake cooperlake sapphirerapids"
                        + " alderlake rocketlake graniterapids graniterapids-d arrowlake arrowlake-s pantherlake"
                        + " barcelona shanghai istanbul bdver1 bdver2 bdver3 bdver4 znver1 znver2 znver3 znver4 znver5")
                .split(" ")) CPUS.put(n, n);
        String[] aliases = {
            "atom",
            "bonnell",
            "slm",
            "silvermont",
            "amdfam10",
            "amdfam10h",
            "amdfam15",
            "amdfam15h",
            "amdfam1a",
            "amdfam1ah",
            "raptorlake",
            "alderlake",
            "meteorlake",
            "alderlake",
            "gracemont",
            "alderlake",
            "emeraldrapids",
            "sapphirerapids",
            "lunarlake",
            "arrowlake-s"
        };
        for (int i = 0; i < aliases.length; i += 2) CPUS.put(aliases[i], aliases[i + 1]);
    }

    /** The call (n: cpu_init, cpu_supports or cpu_is; the argument count is checked). */
    static Expr call(Parser p, String n, List<Expr> args, SourceLocation loc) {
        if (n.equals("cpu_init")) return BuiltinCalls.builtin("__builtin_cpu_init", Type.VOID, List.of(), loc);
        Expr a = args.get(0), written = a instanceof Expr.Decay d ? d.operand() : a;
        // the argument is passed to a const char * parameter first (clang's warning for L"intel",
        // its error for a struct, which ends the check)
        Expr passed = p.sema.assignConvert(
                p.exprs.rvalue(a),
                Type.pointerTo(Type.CHAR.qualified(Type.CONST)),
                Sema.Context.PASS,
                a.loc(),
                written);
        if (Sema.isError(passed.type())) return new Expr.IntLit(0, Parser.ERROR, loc);
        if (!(written instanceof Expr.StrLit s)) {
            p.diags.error(loc, "expression is not a string literal");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        String name = new String(s.bytes(), 0, s.bytes().length - 1, StandardCharsets.ISO_8859_1);
        if (n.equals("cpu_supports")) {
            String flags = FEATURES.get(name);
            if (flags == null) { // clang's warning; the call is false
                p.diags.warning(loc, "invalid cpu feature string for builtin");
                return new Expr.IntLit(0, Type.INT, loc);
            }
            return BuiltinCalls.builtin("__builtin_cpu_supports", Type.INT, List.of(literal(flags, loc)), loc);
        }
        String cpu = CPUS.get(name);
        if (cpu == null) {
            p.diags.error(loc, "invalid cpu name for builtin");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        return BuiltinCalls.builtin("__builtin_cpu_is", Type.INT, List.of(literal(cpu, loc)), loc);
    }

    private static Expr literal(String s, SourceLocation loc) {
        byte[] b = java.util.Arrays.copyOf(s.getBytes(StandardCharsets.ISO_8859_1), s.length() + 1);
        Type at = Type.arrayOf(Type.CHAR.qualified(Type.CONST), b.length);
        return new Expr.Decay(new Expr.StrLit(b, at, loc), Type.pointerTo(at.base), loc);
    }
}
