package jomp.runtime.libc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The oracle: compiles a generated C program with gcc -O0 and runs it. */
final class Gcc {
    private Gcc() {}

    static boolean available() {
        try {
            Process p = new ProcessBuilder("gcc", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Compiles {@code source} and returns the program's stdout. */
    static byte[] run(Path dir, String source, String... extraFlags) throws Exception {
        jomp.env.ExternalTools.require("gcc");
        Path c = dir.resolve("t.c"), exe = dir.resolve("t");
        Files.writeString(c, source);
        List<String> cmd =
                new ArrayList<>(List.of("gcc", "-O0", "-w", "-fno-builtin", "-o", exe.toString(), c.toString()));
        cmd.addAll(List.of(extraFlags));
        cmd.add("-lm");
        Process cc = jomp.env.ExternalTools.processBuilder(cmd)
                .redirectErrorStream(true)
                .start();
        String diag = new String(cc.getInputStream().readAllBytes());
        if (!cc.waitFor(120, TimeUnit.SECONDS) || cc.exitValue() != 0) throw new AssertionError("gcc failed:\n" + diag);
        Process p = new ProcessBuilder(exe.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) throw new AssertionError("program timed out");
        return out;
    }

    /** A C string literal for arbitrary bytes (octal escapes, so no hex-escape run-on). */
    static String literal(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch >= 32 && ch < 127 && ch != '?') b.append(ch);
            else b.append(String.format("\\%03o", (int) ch & 0xff));
        }
        return b.append('"').toString();
    }
}
