package jomp.runtime.libc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import jomp.runtime.mem.Mem;

/**
 * The x86 instructions that C programs' inline assembly asks for and that mean something on
 * the JVM (the compiler's AsmLowering calls these; docs/design/abi.md, "Inline assembly"):
 * {@code pause} is {@link Thread#onSpinWait()}, {@code rdtsc} a counter that only grows, and
 * {@code cpuid} the real processor's answers, as Linux reports them in /proc/cpuinfo (vendor,
 * family, model, stepping, brand string, the feature flags it names, the highest leaves), or a
 * fixed x86-64 baseline where it cannot be read: "GenuineIntel", family 6, model 0, leaf 1's
 * fpu, tsc, cx8, cmov, mmx, fxsr, sse and sse2.
 */
public final class X86 {
    private X86() {}

    /** gcc's {@code __builtin_ia32_pause} ({@code _mm_pause}, asm "pause"): a spin-wait hint. */
    public static void __builtin_ia32_pause() {
        Thread.onSpinWait();
    }

    private static final long ORIGIN = System.nanoTime();

    /**
     * gcc's {@code __builtin_ia32_rdtsc} ({@code __rdtsc}, asm "rdtsc"): a time-stamp counter, here
     * nanoseconds since the program started (a 1 GHz counter that never goes back), never 0.
     */
    public static long __builtin_ia32_rdtsc() {
        return System.nanoTime() - ORIGIN + 1;
    }

    /** gcc's {@code __builtin_cpu_init}: nothing to do (the answers are read on first use). */
    public static void __builtin_cpu_init() {}

    /**
     * {@code __builtin_cpu_supports}: 1 when the processor has every Linux flag named (the compiler
     * turns the feature's name into them, space-separated), else 0.
     */
    public static int __builtin_cpu_supports(long flags) {
        for (String f : Mem.cString(flags).split(" ")) if (!Cpuid.INFO.flags.containsKey(f)) return 0;
        return 1;
    }

    /**
     * {@code __builtin_cpu_is}: 1 when the processor is of this vendor, type or subtype (clang's
     * canonical name, which the compiler passes; {@link CpuModel} decides), else 0.
     */
    public static int __builtin_cpu_is(long name) {
        return Cpuid.INFO.models().contains(Mem.cString(name)) ? 1 : 0;
    }

    /** asm "cpuid": eax, ebx, ecx, edx for leaf (and subleaf), written as four ints at out. */
    public static void __jomp_cpuid(int leaf, int subleaf, long out) {
        int[] r = Cpuid.INFO.leaf(leaf, subleaf);
        for (int i = 0; i < 4; i++) Mem.putInt(out + 4L * i, r[i]);
    }

    /**
     * asm "xgetbv": extended control register xcr; XCR0 (the state components the operating system
     * enables) as Linux's flags imply it: x87 and SSE always, AVX's upper halves with avx, AVX-512's
     * three with avx512f; other registers read 0.
     */
    public static long __jomp_xgetbv(int xcr) {
        if (xcr != 0) return 0;
        long r = 0b11;
        if (Cpuid.INFO.flags.containsKey("avx")) r |= 1 << 2;
        if (Cpuid.INFO.flags.containsKey("avx512f")) r |= 0b111 << 5;
        return r;
    }

    /** The processor's cpuid leaves, built once from /proc/cpuinfo. */
    private record Cpuid(
            String vendor,
            int family,
            int model,
            int stepping,
            int maxLeaf,
            int logical,
            String brand,
            Map<String, Integer> flags) {
        static final Cpuid INFO = read();

        /** The names __builtin_cpu_is answers 1 for. */
        java.util.Set<String> models() {
            return CpuModel.names(vendor, family, model, flags.keySet());
        }

        /** Linux's flag names and their place: leaf (1, 7, or 0x80000001), register (0 eax .. 3 edx), bit. */
        private static final Map<String, int[]> BITS = new HashMap<>();

        private static void bits(int leaf, int reg, String names) {
            String[] n = names.split(" ");
            for (int i = 0; i < n.length; i += 2) BITS.put(n[i], new int[] {leaf, reg, Integer.parseInt(n[i + 1])});
        }

        static {
            bits(
                    1,
                    3,
                    "fpu 0 vme 1 de 2 pse 3 tsc 4 msr 5 pae 6 mce 7 cx8 8 apic 9 sep 11 mtrr 12 pge 13 mca 14 cmov 15 pat 16 "
                            + "pse36 17 pn 18 clflush 19 dts 21 acpi 22 mmx 23 fxsr 24 sse 25 sse2 26 ss 27 ht 28 tm 29 ia64 30 pbe 31");
            bits(
                    1,
                    2,
                    "pni 0 pclmulqdq 1 dtes64 2 monitor 3 ds_cpl 4 vmx 5 smx 6 est 7 tm2 8 ssse3 9 cid 10 sdbg 11 fma 12 "
                            + "cx16 13 xtpr 14 pdcm 15 pcid 17 dca 18 sse4_1 19 sse4_2 20 x2apic 21 movbe 22 popcnt 23 tsc_deadline_timer 24 "
                            + "aes 25 xsave 26 avx 28 f16c 29 rdrand 30 hypervisor 31");
            bits(
                    7,
                    1,
                    "fsgsbase 0 tsc_adjust 1 sgx 2 bmi1 3 hle 4 avx2 5 smep 7 bmi2 8 erms 9 invpcid 10 rtm 11 mpx 14 "
                            + "avx512f 16 avx512dq 17 rdseed 18 adx 19 smap 20 avx512ifma 21 clflushopt 23 clwb 24 avx512pf 26 "
                            + "avx512er 27 avx512cd 28 sha_ni 29 avx512bw 30 avx512vl 31");
            bits(
                    7,
                    2,
                    "avx512vbmi 1 umip 2 pku 3 ospke 4 waitpkg 5 avx512_vbmi2 6 gfni 8 vaes 9 vpclmulqdq 10 avx512_vnni 11 "
                            + "avx512_bitalg 12 avx512_vpopcntdq 14 la57 16 rdpid 22 cldemote 25 movdiri 27 movdir64b 28");
            bits(
                    7,
                    3,
                    "avx512_4vnniw 2 avx512_4fmaps 3 fsrm 4 avx512_vp2intersect 8 md_clear 10 serialize 14 tsxldtrk 16 "
                            + "pconfig 18 arch_lbr 19 ibt 20 amx_bf16 22 avx512_fp16 23 amx_tile 24 amx_int8 25 spec_ctrl 26 stibp 27 "
                            + "flush_l1d 28 arch_capabilities 29");
            bits(
                    0x80000001,
                    2,
                    "lahf_lm 0 cmp_legacy 1 svm 2 extapic 3 cr8_legacy 4 abm 5 sse4a 6 misalignsse 7 3dnowprefetch 8 "
                            + "osvw 9 ibs 10 xop 11 skinit 12 wdt 13 lwp 15 fma4 16 tce 17 tbm 21 topoext 22 perfctr_core 23 perfctr_nb 24 "
                            + "bpext 26 perfctr_llc 28 mwaitx 29");
            bits(
                    0x80000001,
                    3,
                    "syscall 11 mp 19 nx 20 mmxext 22 fxsr_opt 25 pdpe1gb 26 rdtscp 27 lm 29 3dnowext 30 3dnow 31");
        }

        private static Cpuid read() {
            Map<String, Integer> baseline = new HashMap<>();
            for (String f : "fpu tsc cx8 cmov mmx fxsr sse sse2 syscall nx lm".split(" ")) baseline.put(f, 1);
            Cpuid fixed = new Cpuid("GenuineIntel", 6, 0, 0, 1, 1, "", baseline);
            String text;
            try {
                text = Files.readString(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1);
            } catch (IOException | RuntimeException e) {
                return fixed;
            }
            Map<String, String> first = new HashMap<>();
            int processors = 0;
            for (String line : text.split("\n")) {
                int colon = line.indexOf(':');
                if (colon < 0) continue;
                String key = line.substring(0, colon).strip(),
                        value = line.substring(colon + 1).strip();
                if (key.equals("processor")) processors++;
                if (processors == 1) first.putIfAbsent(key, value);
            }
            String vendor = first.get("vendor_id");
            if (vendor == null || vendor.length() != 12 || !first.containsKey("flags")) return fixed;
            Map<String, Integer> flags = new HashMap<>();
            for (String f : first.get("flags").split(" ")) flags.put(f, 1);
            try {
                int siblings = first.containsKey("siblings") ? Integer.parseInt(first.get("siblings")) : 1;
                return new Cpuid(
                        vendor,
                        Integer.parseInt(first.getOrDefault("cpu family", "6")),
                        Integer.parseInt(first.getOrDefault("model", "0")),
                        Integer.parseInt(first.getOrDefault("stepping", "0")),
                        Integer.parseInt(first.getOrDefault("cpuid level", "1")),
                        siblings,
                        first.getOrDefault("model name", ""),
                        flags);
            } catch (NumberFormatException e) {
                return fixed;
            }
        }

        int[] leaf(int leaf, int subleaf) {
            int[] r = new int[4];
            if (leaf == 0) {
                byte[] v = vendor.getBytes(StandardCharsets.ISO_8859_1);
                r[0] = maxLeaf;
                r[1] = word(v, 0);
                r[3] = word(v, 4);
                r[2] = word(v, 8);
            } else if (leaf == 1 && maxLeaf >= 1) {
                int fam = Math.min(family, 15), extFam = family > 15 ? family - 15 : 0;
                int mod = model & 0xf, extMod = family == 6 || family == 15 ? model >> 4 : 0;
                r[0] = stepping & 0xf | mod << 4 | fam << 8 | extMod << 16 | extFam << 20;
                r[1] = 8 << 8 | Math.min(logical, 255) << 16; // clflush line of 64 bytes, logical processors
                features(1, r);
                if (flags.containsKey("xsave")) r[2] |= 1 << 27; // osxsave: Linux enables xsave when it lists it
            } else if (leaf == 7 && maxLeaf >= 7 && subleaf == 0) {
                features(7, r);
            } else if (leaf == 0x80000000) {
                r[0] = 0x80000008;
            } else if (leaf == 0x80000001) {
                features(0x80000001, r);
            } else if (leaf >= 0x80000002 && leaf <= 0x80000004) {
                byte[] b = java.util.Arrays.copyOf(brand.getBytes(StandardCharsets.ISO_8859_1), 48);
                for (int i = 0; i < 4; i++) r[i] = word(b, (leaf - 0x80000002) * 16 + 4 * i);
            }
            return r;
        }

        private void features(int leaf, int[] r) {
            for (Map.Entry<String, int[]> e : BITS.entrySet()) {
                int[] at = e.getValue();
                if (at[0] == leaf && flags.containsKey(e.getKey())) r[at[1]] |= 1 << at[2];
            }
        }

        private static int word(byte[] b, int at) {
            int w = 0;
            for (int i = 3; i >= 0; i--) w = w << 8 | (at + i < b.length ? b[at + i] & 0xff : 0);
            return w;
        }
    }
}
