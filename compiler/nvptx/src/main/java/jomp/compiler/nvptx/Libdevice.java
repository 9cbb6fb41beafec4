package jomp.compiler.nvptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.IrType;
import jomp.env.Invocation;
import jomp.toolchain.CudaInstallation;
import jomp.toolchain.Programs;

/**
 * math.h on the device: NVIDIA's libdevice ({@code nvvm/libdevice/libdevice.10.bc} of the CUDA
 * installation), the same functions clang and nvcc link. libdevice is LLVM bitcode, which
 * nvlink cannot link, so at device compile the functions a module calls are compiled to PTX by
 * the installed LLVM ({@code llvm-link --only-needed}, {@code opt -O2}, {@code llc -mcpu=sm_XX})
 * and appended to the module, {@code .weak} as the device runtime is. Nothing of libdevice is
 * shipped with jomp. Without libdevice or LLVM the compile fails naming what is missing. Both are
 * found in the caller's environment (CudaInstallation, Programs: under the compile server, the
 * client's $CUDA_HOME and PATH) and the LLVM tools run through Programs.
 */
final class Libdevice {
    private Libdevice() {}

    static boolean isLibdevice(String function) {
        return function.startsWith("__nv_");
    }

    /** PTX definitions per "libdevice|llvm|arch|names", for compiles of the same functions in one process. */
    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    /** The PTX definitions (no header) of the named {@code __nv_*} functions for an arch, with what they use. */
    static String definitions(Map<String, FuncType> functions, String smArch) {
        Set<String> names = new TreeSet<>(functions.keySet());
        // one process serves callers with different installations (the compile server): the key names them
        Path bc = libdeviceFile();
        String suffix = llvmSuffix();
        String key = bc + "|" + Programs.find("llc" + suffix, List.of()) + "|" + smArch + "|" + String.join(",", names);
        String cached = CACHE.get(key);
        if (cached != null) return cached;
        String ptx = compile(functions, smArch, bc, suffix);
        CACHE.put(key, ptx);
        return ptx;
    }

    private static String compile(Map<String, FuncType> functions, String smArch, Path bc, String suffix) {
        String what = String.join(", ", new TreeSet<>(functions.keySet()));
        if (bc == null)
            throw new PtxException(
                    "math functions on nvptx (" + what
                            + ") need NVIDIA's libdevice: set CUDA_HOME to a CUDA installation that has nvvm/libdevice/libdevice.10.bc");
        if (suffix == null)
            throw new PtxException(
                    "math functions on nvptx (" + what
                            + ") are compiled from libdevice by LLVM: put llvm-link, opt and llc (LLVM 15 or newer, e.g. llc-19) on PATH");
        Path dir = null;
        try {
            dir = Files.createTempDirectory(Invocation.tempDir(), "jomp-libdevice-");
            Path stub = dir.resolve("stub.ll"),
                    linked = dir.resolve("linked.bc"),
                    opt = dir.resolve("opt.bc"),
                    out = dir.resolve("libdevice.ptx");
            Files.writeString(stub, stub(functions), StandardCharsets.ISO_8859_1);
            run(List.of(
                    "llvm-link" + suffix, "--only-needed", stub.toString(), bc.toString(), "-o", linked.toString()));
            run(List.of("opt" + suffix, "-O2", linked.toString(), "-o", opt.toString()));
            run(List.of("llc" + suffix, "-mcpu=" + llcArch(smArch), "-O2", opt.toString(), "-o", out.toString()));
            return body(Files.readString(out, StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new PtxException("cannot compile libdevice's " + what + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PtxException("interrupted while compiling libdevice");
        } finally {
            if (dir != null) {
                try (var files = Files.list(dir)) {
                    for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // a temporary file left behind is no reason to fail the compile
                }
            }
        }
    }

    /** The arch llc compiles for ({@link jomp.offload.abi.nvptx.CudaArch#llcArch}). */
    static String llcArch(String smArch) {
        return jomp.offload.abi.nvptx.CudaArch.parse(smArch).llcArch();
    }

    /** An LLVM module that keeps the wanted functions ({@code llvm.used}), for llvm-link to pull from libdevice. */
    private static String stub(Map<String, FuncType> functions) {
        StringBuilder sb = new StringBuilder(
                "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\ntarget triple = \""
                        + jomp.toolchain.Triple.NVPTX64 + "\"\n");
        List<String> used = new ArrayList<>();
        for (var e : new java.util.TreeMap<>(functions).entrySet()) {
            FuncType t = e.getValue();
            sb.append("declare ")
                    .append(llvm(t.ret()))
                    .append(" @")
                    .append(e.getKey())
                    .append('(');
            for (int i = 0; i < t.params().size(); i++)
                sb.append(i > 0 ? ", " : "").append(llvm(t.params().get(i)));
            sb.append(")\n");
            used.add("ptr @" + e.getKey());
        }
        sb.append("@llvm.used = appending global [")
                .append(used.size())
                .append(" x ptr] [")
                .append(String.join(", ", used))
                .append("], section \"llvm.metadata\"\n");
        return sb.toString();
    }

    private static String llvm(IrType t) {
        return switch (t) {
            case VOID -> "void";
            case I8 -> "i8";
            case I16 -> "i16";
            case I32 -> "i32";
            case I64 -> "i64";
            case PTR -> "ptr";
            case F32 -> "float";
            case F64 -> "double";
        };
    }

    /** llc's PTX without its header; its visible functions become .weak (one copy after nvlink). */
    static String body(String ptx) {
        StringBuilder sb = new StringBuilder("// libdevice\n");
        for (String line : ptx.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith(".version") || t.startsWith(".target") || t.startsWith(".address_size")) continue;
            sb.append(
                            line.startsWith(".visible .func")
                                    ? ".weak .func" + line.substring(".visible .func".length())
                                    : line)
                    .append('\n');
        }
        return sb.toString();
    }

    private static void run(List<String> cmd) throws IOException, InterruptedException {
        List<String> resolved = new ArrayList<>(cmd);
        resolved.set(0, Programs.find(cmd.get(0), List.of()).toString()); // llvmSuffix found it on the caller's PATH
        Programs.Result r = Programs.run(resolved);
        String out = r.output().strip();
        if (!r.ok())
            throw new PtxException(
                    "compiling libdevice: " + String.join(" ", cmd) + " failed" + (out.isEmpty() ? "" : ":\n" + out));
    }

    /** libdevice.10.bc of the caller's CUDA installation ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda, Debian's toolkit), or null. */
    static Path libdeviceFile() {
        return CudaInstallation.libdevice();
    }

    /** The suffix of the LLVM tools on the caller's PATH ("-19", or "" for unversioned ones), or null. */
    static String llvmSuffix() {
        List<String> suffixes = new ArrayList<>();
        for (int v = 22; v >= 15; v--) suffixes.add("-" + v);
        suffixes.add("");
        for (String s : suffixes) {
            if (Programs.find("llc" + s, List.of()) != null
                    && Programs.find("opt" + s, List.of()) != null
                    && Programs.find("llvm-link" + s, List.of()) != null) return s;
        }
        return null;
    }
}
