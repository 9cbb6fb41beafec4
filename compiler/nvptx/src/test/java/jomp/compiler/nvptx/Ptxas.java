package jomp.compiler.nvptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs NVIDIA's ptxas and nvlink, the oracles for these tests (CUDA 13's are on the machines; missing ones fail them). */
final class Ptxas {
    private Ptxas() {}

    /** ptxas, found as the tool table finds it; a test that needs it fails with one line when it is missing. */
    static Path find() {
        return jomp.env.ExternalTools.require("ptxas");
    }

    /** nvlink beside ptxas, or CUDA's; null when neither exists. */
    static Path nvlink() {
        return jomp.env.ExternalTools.require("nvlink");
    }

    /** Assembles the PTX as relocatable code (externs stay unresolved); returns null on success, else ptxas's messages. */
    static String check(String ptx, String arch, Path dir) throws IOException, InterruptedException {
        return check(ptx, arch, dir, true);
    }

    /** As above; not relocatable: a whole program, every symbol defined (what a cubin for the driver needs). */
    static String check(String ptx, String arch, Path dir, boolean relocatable)
            throws IOException, InterruptedException {
        Path in = Files.createTempFile(dir, "k", ".ptx");
        return check(ptx, arch, dir, relocatable, dir.resolve(in.getFileName() + ".cubin"));
    }

    /** As above, writing the cubin to {@code out}. */
    static String check(String ptx, String arch, Path dir, boolean relocatable, Path out)
            throws IOException, InterruptedException {
        Path in = Files.createTempFile(dir, "k", ".ptx");
        Files.writeString(in, ptx, StandardCharsets.ISO_8859_1);
        List<String> cmd =
                new ArrayList<>(List.of(find().toString(), "-arch=" + arch, in.toString(), "-o", out.toString()));
        if (relocatable) cmd.add(1, "-c");
        return run(cmd);
    }

    /** Runs a tool; null when it succeeds, else its messages. */
    static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = jomp.env.ExternalTools.processBuilder(cmd)
                .redirectErrorStream(true)
                .start();
        String msg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        return rc == 0 ? null : msg.isEmpty() ? cmd.get(0) + " exit status " + rc : msg;
    }
}
