package jomp.runtime.libc;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The processor type and subtype that {@code __builtin_cpu_is} names, decided from the vendor,
 * family and model Linux reports (and, where one model number covers several processors, from
 * its flags), as gcc's libgcc and compiler-rt decide them from cpuid. The table is jomp's own,
 * written from the processors' published family and model numbers (Intel's SDM volume 4 and
 * optimization manual, AMD's revision guides); names are clang 19's canonical ones (the compiler
 * turns its aliases: atom, slm, raptorlake, amdfam10 ... into these).
 */
final class CpuModel {
    private CpuModel() {}

    /** Intel family 6's models: "type" or "type subtype" (corei7's subtypes). */
    private static final Map<Integer, String> INTEL = new HashMap<>();

    private static void intel(String names, int... models) {
        for (int m : models) INTEL.put(m, names);
    }

    static {
        intel("bonnell", 0x1c, 0x26);
        intel("core2", 0x0f, 0x17, 0x1d);
        intel("silvermont", 0x37, 0x4a, 0x4d, 0x5a, 0x5d, 0x4c, 0x75); // with Airmont
        intel("goldmont", 0x5c, 0x5f);
        intel("goldmont-plus", 0x7a);
        intel("tremont", 0x86, 0x96, 0x9c);
        intel("knl", 0x57);
        intel("knm", 0x85);
        intel("sierraforest", 0xaf);
        intel("grandridge", 0xb6);
        intel("clearwaterforest", 0xdd);
        intel("corei7 nehalem", 0x1a, 0x1e, 0x1f, 0x2e);
        intel("corei7 westmere", 0x25, 0x2c, 0x2f);
        intel("corei7 sandybridge", 0x2a, 0x2d);
        intel("corei7 ivybridge", 0x3a, 0x3e);
        intel("corei7 haswell", 0x3c, 0x3f, 0x45, 0x46);
        intel("corei7 broadwell", 0x3d, 0x47, 0x4f, 0x56);
        intel("corei7 skylake", 0x4e, 0x5e, 0x8e, 0x9e, 0xa5, 0xa6); // with Kaby, Coffee, Comet Lake
        intel("corei7 cannonlake", 0x66);
        intel("corei7 icelake-client", 0x7d, 0x7e, 0x9d);
        intel("corei7 icelake-server", 0x6a, 0x6c);
        intel("corei7 tigerlake", 0x8c, 0x8d);
        intel("corei7 rocketlake", 0xa7);
        intel("corei7 alderlake", 0x97, 0x9a, 0xb7, 0xba, 0xbf, 0xaa, 0xac, 0xbe); // Raptor, Meteor Lake, Gracemont
        intel("corei7 sapphirerapids", 0x8f, 0xcf); // with Emerald Rapids
        intel("corei7 graniterapids", 0xad);
        intel("corei7 graniterapids-d", 0xae);
        intel("corei7 arrowlake", 0xc5, 0xb5);
        intel("corei7 arrowlake-s", 0xc6, 0xbd); // with Lunar Lake
        intel("corei7 pantherlake", 0xcc);
    }

    /** The names that are true for this processor: its vendor's, then its type's and subtype's. */
    static Set<String> names(String vendor, int family, int model, Set<String> flags) {
        Set<String> n = new LinkedHashSet<>();
        switch (vendor) {
            case "GenuineIntel" -> {
                n.add("intel");
                if (family == 6) n.addAll(intel(model, flags));
            }
            case "AuthenticAMD" -> {
                n.add("amd");
                n.addAll(amd(family, model, flags));
            }
            case "CentaurHauls", "  Shanghai  " -> {
                if (family == 7) n.add("zhaoxin_fam7h");
            }
            default -> {}
        }
        return n;
    }

    private static Set<String> intel(int model, Set<String> flags) {
        if (model == 0x55) { // Skylake-SP, Cascade Lake and Cooper Lake share the model number
            String sub = flags.contains("avx512_bf16")
                    ? "cooperlake"
                    : flags.contains("avx512_vnni") ? "cascadelake" : "skylake-avx512";
            return Set.of("corei7", sub);
        }
        String names = INTEL.get(model);
        return names == null ? Set.of() : Set.of(names.split(" "));
    }

    private static Set<String> withSubtype(String type, String subtype) {
        return subtype == null ? Set.of(type) : Set.of(type, subtype);
    }

    private static Set<String> amd(int family, int model, Set<String> flags) {
        return switch (family) {
            case 0x10 ->
                model == 2
                        ? Set.of("amdfam10h", "barcelona")
                        : model == 4
                                ? Set.of("amdfam10h", "shanghai")
                                : model == 8 ? Set.of("amdfam10h", "istanbul") : Set.of("amdfam10h");
            case 0x14 -> Set.of("btver1");
            case 0x15 -> withSubtype("amdfam15h", bulldozer(model, flags));
            case 0x16 -> Set.of("btver2");
            case 0x17 -> Set.of("amdfam17h", model < 0x30 ? "znver1" : "znver2"); // Zen, Zen+; Zen 2
            case 0x19 -> withSubtype("amdfam19h", zen34(model, flags));
            case 0x1a -> Set.of("amdfam1ah", "znver5");
            default -> Set.of();
        };
    }

    /**
     * Family 15h: Bulldozer 00h-0Fh (but 02h is Piledriver), Piledriver 10h-2Fh, Steamroller
     * 30h-4Fh, Excavator 50h-7Fh; a later model by the newest instructions it has.
     */
    private static String bulldozer(int model, Set<String> flags) {
        if (model == 2) return "bdver2";
        if (model < 0x10) return "bdver1";
        if (model < 0x30) return "bdver2";
        if (model < 0x50) return "bdver3";
        if (model < 0x80) return "bdver4";
        return flags.contains("avx2")
                ? "bdver4"
                : flags.contains("xsaveopt")
                        ? "bdver3"
                        : flags.contains("bmi1") ? "bdver2" : flags.contains("xop") ? "bdver1" : null;
    }

    /**
     * Family 19h: Zen 3 is 00h-0Fh, Zen 4 10h-1Fh and 60h-AFh; another model is Zen 4 if it has
     * AVX-512, Zen 3 if it has VAES (Vermeer 21h, Rembrandt 44h, Cezanne 50h).
     */
    private static String zen34(int model, Set<String> flags) {
        if (model < 0x10) return "znver3";
        if (model < 0x20 || model >= 0x60 && model < 0xb0) return "znver4";
        return flags.contains("avx512f") ? "znver4" : flags.contains("vaes") ? "znver3" : null;
    }
}
