package jomp.runtime.libc;

import java.nio.charset.StandardCharsets;
import jomp.runtime.mem.Mem;

/** assert.h's failure path: glibc's message, then abort (exit status 134). */
public final class Assert {
    private Assert() {}

    /**
     * {@code prog: file.c:12: main: Assertion `x > 0' failed.} on stderr, then abort(); prog is
     * the last path component of argv[0], glibc's __progname.
     */
    public static void __assert_fail(long assertion, long file, int line, long function) {
        String prog = Stdlib.programName();
        prog = prog.substring(prog.lastIndexOf('/') + 1);
        String msg =
                prog + (prog.isEmpty() ? "" : ": ") + Mem.cString(file) + ":" + Integer.toUnsignedString(line) + ": "
                        + (function != 0 ? Mem.cString(function) + ": " : "")
                        + "Assertion `" + Mem.cString(assertion) + "' failed.\n";
        byte[] b = msg.getBytes(StandardCharsets.ISO_8859_1);
        Stdio.err(b, b.length);
        Stdlib.abort();
    }
}
