package jomp.compiler.preprocess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The x86 feature macros for {@code -m<feature>}, {@code -mno-<feature>} and {@code -march=<cpu>},
 * as clang 19 defines them ({@code echo | clang-19 -mavx2 -dM -E -}): a feature brings those it
 * implies ({@code -mavx2}: AVX, SSE4.2 ... SSE), {@code -mno-} removes it and those that imply it,
 * in command-line order; then, as clang's driver does, SSE4.2 brings POPCNT and CRC32 and AVX brings
 * XSAVE unless they were turned off by name. jomp's x86 headers provide the intrinsics of what
 * these announce up to AVX2 (docs/user-guide.md, "x86 intrinsics"); AVX-512's flags are not taken,
 * so code keeps to the paths jomp can compile. With any of these flags the baseline's macros
 * (__MMX__, __SSE__, __SSE2__, __FXSR__, __SSE_MATH__, __SSE2_MATH__) are defined too; without them
 * jomp defines none of them (PredefinedMacros).
 */
public final class X86Features {
    private X86Features() {}

    /** A feature's macro and the features it implies. */
    private record Feature(String macro, List<String> implies) {}

    private static final Map<String, Feature> FEATURES = new LinkedHashMap<>();

    private static void feature(String name, String macro, String... implies) {
        FEATURES.put(name, new Feature(macro, List.of(implies)));
    }

    static {
        feature("mmx", "__MMX__");
        feature("fxsr", "__FXSR__");
        feature("sse", "__SSE__");
        feature("sse2", "__SSE2__", "sse");
        feature("sse3", "__SSE3__", "sse2");
        feature("ssse3", "__SSSE3__", "sse3");
        feature("sse4.1", "__SSE4_1__", "ssse3");
        feature("sse4.2", "__SSE4_2__", "sse4.1");
        feature("sse4a", "__SSE4A__", "sse3");
        feature("avx", "__AVX__", "sse4.2");
        feature("avx2", "__AVX2__", "avx");
        feature("fma", "__FMA__", "avx");
        feature("f16c", "__F16C__", "avx");
        feature("pclmul", "__PCLMUL__", "sse2");
        feature("vpclmulqdq", "__VPCLMULQDQ__", "avx", "pclmul");
        feature("aes", "__AES__", "sse2");
        feature("vaes", "__VAES__", "aes", "avx");
        feature("sha", "__SHA__", "sse2");
        feature("popcnt", "__POPCNT__");
        feature("crc32", "__CRC32__");
        feature("lzcnt", "__LZCNT__");
        feature("bmi", "__BMI__");
        feature("bmi2", "__BMI2__");
        feature("movbe", "__MOVBE__");
        feature("xsave", "__XSAVE__");
        feature("xsaveopt", "__XSAVEOPT__", "xsave");
        feature("xsavec", "__XSAVEC__", "xsave");
        feature("xsaves", "__XSAVES__", "xsave");
        feature("adx", "__ADX__");
        feature("rdrnd", "__RDRND__");
        feature("rdseed", "__RDSEED__");
        feature("fsgsbase", "__FSGSBASE__");
        feature("invpcid", "__INVPCID__");
        feature("clflushopt", "__CLFLUSHOPT__");
        feature("clwb", "__CLWB__");
        feature("clzero", "__CLZERO__");
        feature("pku", "__PKU__");
        feature("prfchw", "__PRFCHW__");
        feature("rdpid", "__RDPID__");
        feature("wbnoinvd", "__WBNOINVD__");
        feature("sahf", "__LAHF_SAHF__");
        feature("sgx", "__SGX__");
        feature("mwaitx", "__MWAITX__");
        feature("rdpru", "__RDPRU__");
        feature("cx16", "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16");
    }

    /** The -m spellings that differ from the feature's name. */
    private static final Map<String, String> SPELLINGS = Map.of("rdrand", "rdrnd", "bmi1", "bmi");

    private static final String BASE = "mmx fxsr sse sse2";
    private static final String V2 = with(BASE, "cx16 sahf popcnt sse4.2");
    private static final String V3 = with(V2, "avx2 bmi bmi2 f16c fma lzcnt movbe xsave");
    private static final String HSW = with(V3, "pclmul xsaveopt fsgsbase rdrnd invpcid");
    private static final String BDW = with(HSW, "adx rdseed prfchw");
    private static final String ZEN1 = with(
            V3,
            "pclmul aes sha xsaveopt xsavec xsaves fsgsbase rdrnd adx rdseed prfchw clflushopt clzero sse4a mwaitx");
    private static final String ZEN2 = with(ZEN1, "clwb rdpid wbnoinvd rdpru");
    /** -march= CPUs: their features (LLVM's tables, AVX-512 left out). */
    private static final Map<String, String> CPUS = Map.ofEntries(
            Map.entry("x86-64", BASE),
            Map.entry("x86-64-v2", V2),
            Map.entry("x86-64-v3", V3),
            Map.entry("nehalem", V2),
            Map.entry("corei7", V2),
            Map.entry("westmere", with(V2, "pclmul")),
            Map.entry("sandybridge", with(V2, "pclmul avx xsave xsaveopt")),
            Map.entry("ivybridge", with(V2, "pclmul avx xsave xsaveopt f16c fsgsbase rdrnd")),
            Map.entry("haswell", HSW),
            Map.entry("broadwell", BDW),
            Map.entry("skylake", with(BDW, "aes clflushopt xsavec xsaves sgx")),
            Map.entry("znver1", ZEN1),
            Map.entry("znver2", ZEN2),
            Map.entry("znver3", with(ZEN2, "invpcid pku vaes vpclmulqdq")));

    private static String with(String base, String more) {
        return base + " " + more;
    }

    /** Linux's /proc/cpuinfo flag names for the features -march=native finds. */
    private static final Map<String, String> CPUINFO = Map.ofEntries(
            Map.entry("pni", "sse3"),
            Map.entry("sse4_1", "sse4.1"),
            Map.entry("sse4_2", "sse4.2"),
            Map.entry("bmi1", "bmi"),
            Map.entry("abm", "lzcnt"),
            Map.entry("pclmulqdq", "pclmul"),
            Map.entry("rdrand", "rdrnd"),
            Map.entry("sha_ni", "sha"),
            Map.entry("3dnowprefetch", "prfchw"),
            Map.entry("lahf_lm", "sahf"));

    /** Whether an -m option names an x86 feature this class knows ({@code -mavx2}, {@code -mno-sse4.1}). */
    public static boolean isFeatureFlag(String option) {
        if (!option.startsWith("-m")) return false;
        String f = option.startsWith("-mno-") ? option.substring(5) : option.substring(2);
        return FEATURES.containsKey(SPELLINGS.getOrDefault(f, f));
    }

    /** Whether -march= names a CPU this class knows. */
    public static boolean knownCpu(String cpu) {
        return cpu.equals("native") || CPUS.containsKey(cpu);
    }

    /**
     * The macros for these options ({@code -m<feature>}, {@code -mno-<feature>}, {@code -march=<cpu>},
     * in command-line order), each defined as 1; none when there are none.
     */
    public static List<String> macros(List<String> options) {
        if (options.isEmpty()) return List.of();
        Set<String> on = new LinkedHashSet<>(List.of(BASE.split(" "))), off = new LinkedHashSet<>();
        for (String o : options) {
            if (o.startsWith("-march=")) {
                String cpu = o.substring(7);
                for (String f : (cpu.equals("native") ? nativeFeatures() : CPUS.getOrDefault(cpu, BASE)).split(" "))
                    enable(on, f);
            } else if (o.startsWith("-mno-")) {
                String f = SPELLINGS.getOrDefault(o.substring(5), o.substring(5));
                disable(on, f);
                off.add(f);
            } else {
                String f = SPELLINGS.getOrDefault(o.substring(2), o.substring(2));
                enable(on, f);
                off.remove(f);
            }
        }
        // clang's driver: SSE4.2 brings POPCNT and CRC32, AVX brings XSAVE, unless turned off by name
        if (on.contains("sse4.2")) {
            if (!off.contains("popcnt")) on.add("popcnt");
            if (!off.contains("crc32")) on.add("crc32");
        }
        if (on.contains("avx") && !off.contains("xsave")) on.add("xsave");
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Feature> e : FEATURES.entrySet())
            if (on.contains(e.getKey())) out.add(e.getValue().macro);
        if (on.contains("sse")) out.add("__SSE_MATH__");
        if (on.contains("sse2")) out.add("__SSE2_MATH__");
        return out;
    }

    private static void enable(Set<String> on, String f) {
        Feature feat = FEATURES.get(f);
        if (feat == null || !on.add(f)) return;
        for (String i : feat.implies) enable(on, i);
    }

    /** Turns f off, and every feature that implies it. */
    private static void disable(Set<String> on, String f) {
        if (!on.remove(f)) return;
        for (Map.Entry<String, Feature> e : FEATURES.entrySet())
            if (e.getValue().implies.contains(f)) disable(on, e.getKey());
    }

    /** The features of the processor compiling (Linux's flags), as -march=native takes them. */
    private static String nativeFeatures() {
        StringBuilder sb = new StringBuilder(BASE);
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
                if (!line.startsWith("flags")) continue;
                for (String f : line.substring(line.indexOf(':') + 1).trim().split(" ")) {
                    String name = CPUINFO.getOrDefault(f, f);
                    if (FEATURES.containsKey(name)) sb.append(' ').append(name);
                }
                break;
            }
        } catch (IOException | RuntimeException e) {
            // no /proc/cpuinfo: the x86-64 baseline
        }
        return sb.toString();
    }
}
