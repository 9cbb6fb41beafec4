package jomp.runtime.start;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

import jomp.runtime.mem.Mem;

/** What runs before C's main: the argument vector in native memory, as the C runtime's _start builds it. */
public final class Startup {
    private Startup() {}

    /** argv[0] is the program's name, as the shell preamble passes it; argv[argc] is NULL. */
    public static long argv(String program, String[] args) {
        int argc = args.length + 1;
        MemorySegment vec = Arena.global().allocate(8L * (argc + 1), 8);
        Mem.putLong(vec.address(), cString(program));
        for (int i = 0; i < args.length; i++) Mem.putLong(vec.address() + 8L * (i + 1), cString(args[i]));
        Mem.putLong(vec.address() + 8L * argc, 0);
        return vec.address();
    }

    /** envp: the environment as NAME=value strings, NULL-terminated. */
    public static long envp() {
        var env = System.getenv();
        MemorySegment vec = Arena.global().allocate(8L * (env.size() + 1), 8);
        int i = 0;
        for (var e : env.entrySet()) Mem.putLong(vec.address() + 8L * i++, cString(e.getKey() + "=" + e.getValue()));
        Mem.putLong(vec.address() + 8L * i, 0);
        return vec.address();
    }

    /** The program name: the preamble passes $0 in the system property jomp.program. */
    public static String programName() {
        return System.getProperty("jomp.program", "a.out");
    }

    private static long cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        MemorySegment m = Arena.global().allocate(b.length + 1L, 1);
        MemorySegment.copy(MemorySegment.ofArray(b), 0, m, 0, b.length);
        m.set(java.lang.foreign.ValueLayout.JAVA_BYTE, b.length, (byte) 0);
        return m.address();
    }
}
