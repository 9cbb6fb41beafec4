package jomp.plugin.ptxsim;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.runtime.plugin.DevicePlugin;

/**
 * The simulator's thread-instruction count of each kernel in a PTX file clang 19 made for an
 * OpenMP program (after its device link: {@code opt -passes='lto<O3>'}, {@code llc}), per loop
 * element, for plugins/ptxsim/bench/per-element.sh, which sets jomp's kernels of the same source
 * beside it. A clang 19 kernel takes its launch environment first (libomptarget's
 * KernelLaunchEnvironmentTy: two 32-bit reduction counters and the teams-reduction buffer), then
 * the captured values: here the trip count n second and a fresh device buffer of 2n doubles (n
 * complex ones) for every other parameter (a pointer's target; a by-value scalar only reads the bits), which fits
 * loops over arrays of n elements such as BabelStream's and zaxpy's.
 * Usage: ClangKernelCount file.ptx n blocks threads
 */
public final class ClangKernelCount {
    private ClangKernelCount() {}

    public static void main(String[] a) throws Exception {
        String ptx = Files.readString(Path.of(a[0]), StandardCharsets.ISO_8859_1);
        long n = Long.parseLong(a[1]);
        int blocks = Integer.parseInt(a[2]), threads = Integer.parseInt(a[3]);
        Sim sim = new Sim();
        DevicePlugin.LoadedImage img = sim.load(ptx);
        Matcher m = Pattern.compile("\\.entry (\\w+)\\(([^)]*)\\)").matcher(ptx);
        while (m.find()) {
            int params = m.group(2).split(",").length;
            long env = sim.alloc(16), buffer = sim.alloc(4 << 20);
            sim.put(env, new long[] {0, buffer});
            List<Long> args = new ArrayList<>(List.of(env, n));
            for (int i = 2; i < params; i++) {
                long b = sim.alloc(16 * n); // room for n complex doubles
                long[] init = new long[(int) (2 * n)];
                java.util.Arrays.fill(init, Double.doubleToLongBits(0.1));
                sim.put(b, init);
                args.add(b);
            }
            long before = sim.plugin.threadInstructions(0);
            sim.plugin.launchKernel(
                    0,
                    img.kernel(m.group(1)),
                    args.stream().mapToLong(Long::longValue).toArray(),
                    blocks,
                    threads);
            long count = sim.plugin.threadInstructions(0) - before;
            System.out.printf("%s %d %.2f%n", m.group(1), count, (double) count / n);
        }
    }
}
