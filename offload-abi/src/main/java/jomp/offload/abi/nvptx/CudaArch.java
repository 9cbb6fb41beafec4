package jomp.offload.abi.nvptx;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An NVIDIA GPU architecture, {@code sm_XX} with an optional feature suffix ({@code sm_90a}:
 * arch-specific features, only that GPU runs it), as clang's {@code OffloadArch} names them. The
 * one place an arch name is read: the driver's check, the back end's PTX ISA version, libdevice's
 * llc arch, the linker-wrapper's fat binary entries, the plugins' image checks all parse it here.
 *
 * @param name the name, as images, PTX and the tools spell it
 * @param sm the compute capability as one number (9.0 is 90, 12.0 is 120)
 * @param suffix the feature suffix ("" or a lower-case letter: "a" arch-specific, "f" family)
 */
public record CudaArch(String name, int sm, String suffix) {
    private static final Pattern NAME = Pattern.compile("sm_(\\d+)([a-z]?)");
    private static final Pattern PTX_TARGET = Pattern.compile("(?m)^\\s*\\.target\\s+(sm_\\d+[a-z]?)");

    /** The oldest arch jomp's PTX supports: the arch of portable PTX, and the default. */
    public static final CudaArch LOWEST = parse("sm_75");

    /** The arch a name spells ({@code sm_} digits, one optional lower-case letter); null when it is not one. */
    public static CudaArch parse(String name) {
        if (name == null) return null;
        Matcher m = NAME.matcher(name);
        if (!m.matches()) return null;
        String digits = m.group(1);
        return new CudaArch(name, digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits), m.group(2));
    }

    /** The arch of a GPU of compute capability {@code sm} (90: sm_90). */
    public static CudaArch of(int sm) {
        return parse("sm_" + sm);
    }

    /** The sm number of an arch name ({@code sm_90a} is 90), or 0 when it names none (fat binary entries). */
    public static int smOf(String name) {
        CudaArch a = parse(name);
        return a == null ? 0 : a.sm;
    }

    /** The arch of a PTX text's {@code .target} directive (in its first 8 KiB), or null. */
    public static CudaArch ofPtx(String ptx) {
        Matcher m = PTX_TARGET.matcher(ptx.substring(0, Math.min(ptx.length(), 8192)));
        return m.find() ? parse(m.group(1)) : null;
    }

    @Override
    public String toString() {
        return name();
    }

    /** Arch-specific ({@code sm_90a}): only a GPU of exactly this arch runs its code. */
    public boolean archSpecific() {
        return !suffix.isEmpty();
    }

    /**
     * clang's check of an {@code --offload-arch}/{@code -march=} value for CUDA: {@code sm_XX} or
     * {@code sm_XXa}; the error when it is not one, else null.
     */
    public static String check(String name) {
        CudaArch a = parse(name);
        return a != null && (a.suffix.isEmpty() || a.suffix.equals("a"))
                ? null
                : "unsupported CUDA gpu architecture: " + name;
    }

    /** Whether PTX can be written for it: two or three digits, no suffix or {@code a}/{@code f} (the back end's check). */
    public boolean ptxTarget() {
        int digits = name.length() - "sm_".length() - suffix.length();
        return digits >= 2 && digits <= 3 && (suffix.isEmpty() || suffix.equals("a") || suffix.equals("f"));
    }

    /**
     * The PTX ISA version jomp writes for this arch: the lowest that has it (7.8 up to sm_90, so
     * that older drivers can JIT the PTX), since the code needs nothing newer.
     */
    public String ptxIsa() {
        if (sm < 90 || sm == 90 && !archSpecific()) return "7.8";
        if (sm == 90) return "8.0";
        if (sm <= 101) return "8.6";
        if (sm == 103 || sm == 121) return "8.8";
        if (sm == 120) return "8.7";
        return "9.0";
    }

    /**
     * The arch LLVM 19's llc compiles libdevice for: the family's base arch, at most sm_90 (LLVM 19
     * knows no newer one; the code runs on every later GPU, and the module's own .target stays).
     */
    public String llcArch() {
        return "sm_" + Math.min(sm, 90);
    }

    /**
     * Whether an image of {@code kind} for this arch runs on a GPU of compute capability
     * {@code deviceSm}: PTX of sm_XX is JIT-compiled for any device of XX or later; a cubin runs
     * only on its own sm; arch-specific code needs exactly that GPU.
     */
    public boolean runsOn(boolean ptx, int deviceSm) {
        if (!ptx || archSpecific()) return sm == deviceSm;
        return sm <= deviceSm;
    }
}
