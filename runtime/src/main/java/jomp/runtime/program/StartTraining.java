package jomp.runtime.program;

import jomp.runtime.libc.Stdio;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.libc.Str;
import jomp.runtime.mem.Mem;
import jomp.runtime.start.Startup;

/**
 * The training run of the executables' start cache (linker-wrapper's StartCache, at jomp's
 * build): what the start and end of a small program do, as the generated jomp/link/Main does
 * them, so that the AOT cache holds those classes loaded and linked. There is no program here:
 * the cache serves every program, and must not hold any program's classes. Only what most
 * programs use: every class in the cache is loaded when a program starts, used or not.
 */
public final class StartTraining {
    private StartTraining() {}

    public static void main(String[] args) throws ClassNotFoundException {
        String name = Startup.programName();
        Stdlib.setProgramName(name);
        Startup.argv(name, args);
        // the data image's loading (it needs a program's image; its classes are what matter here)
        Class.forName(DataImage.class.getName());
        Class.forName(jomp.runtime.start.JarResource.class.getName());
        long fmt = cString("%s %d %.3f %g\n"), word = cString("training");
        long va = Mem.permanent(32, 8);
        Mem.putLong(va, word);
        Mem.putLong(va + 8, 42);
        Mem.putDouble(va + 16, 1.5);
        Mem.putDouble(va + 24, 1e-7);
        Stdio.printf(fmt, va);
        Stdio.puts(word);
        Stdio.putchar('\n');
        Str.strlen(word);
        long p = Stdlib.malloc(64);
        Stdlib.free(p);
        Stdlib.exit(0);
    }

    private static long cString(String s) {
        long p = Mem.permanent(s.length() + 1, 1);
        for (int i = 0; i < s.length(); i++) Mem.putByte(p + i, (byte) s.charAt(i));
        return p;
    }
}
