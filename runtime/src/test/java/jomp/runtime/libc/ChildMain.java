package jomp.runtime.libc;

/** The C programs of ProcessTest, written as the calls jomp-compiled code makes. */
public final class ChildMain {
    private ChildMain() {}

    private static long s(String v) {
        return Native.cstr(v);
    }

    /** glibc's stderr, as compiled code reads the variable (which starts native calls). */
    private static long stderr() {
        return jomp.runtime.mem.Mem.getLong(jomp.runtime.ffi.NativeWorld.symbol("libc.so.6", "stderr"));
    }

    private static long stdout() {
        return jomp.runtime.mem.Mem.getLong(jomp.runtime.ffi.NativeWorld.symbol("libc.so.6", "stdout"));
    }

    /** A call to a glibc function with an int result, as a linked program's stub makes it. */
    private static int call(String name, String csig, Object... args) {
        try {
            var h = jomp.runtime.ffi.Downcalls.bind("libc.so.6", name, csig);
            var ts = jomp.runtime.ffi.ThreadState.current();
            Object[] all = new Object[args.length + 1];
            all[0] = ts.beforeCall();
            System.arraycopy(args, 0, all, 1, args.length);
            int r = (int) h.invokeWithArguments(all);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static void main(String[] args) {
        Stdlib.setProgramName("./t");
        switch (args[0]) {
            case "buffering" -> {
                int r1 = Stdio.printf(s("a%d\n"), Native.va().i(1).build());
                int r2 = Stdio.fprintf(stderr(), s("b\n"), Native.va().build());
                int r3 = Stdio.puts(s("c"));
                int r4 = Stdio.putchar(200);
                int r5 = call("fputs", "i(p,p)", s("e"), stderr());
                call("fflush", "i(p)", stdout());
                int r6 = call("fputc", "i(i,p)", -1, stderr());
                Stdio.printf(s("g"), Native.va().build());
                Stdio.fprintf(
                        stderr(),
                        s("%d %d %d %d %d %d\n"),
                        Native.va().i(r1).i(r2).i(r3).i(r4).i(r5).i(r6).build());
                Stdlib.exit(3);
            }
            case "abort" -> {
                Stdio.printf(s("lost"), Native.va().build());
                Stdio.fprintf(stderr(), s("kept\n"), Native.va().build());
                Stdlib.abort();
            }
            case "assert" -> {
                Stdio.printf(s("lost"), Native.va().build());
                Assert.__assert_fail(s("x > 0"), s("t.c"), 7, s("main"));
            }
            case "atexit" -> {
                try {
                    var lookup = java.lang.invoke.MethodHandles.lookup();
                    var type = java.lang.invoke.MethodType.methodType(void.class);
                    Stdlib.atexit(Fn.register(lookup.findStatic(ChildMain.class, "first", type)));
                    Stdlib.atexit(Fn.register(lookup.findStatic(ChildMain.class, "second", type)));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
                Stdio.printf(s("main\n"), Native.va().build());
                Stdlib.exit(5);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    public static void first() {
        Stdio.printf(s("first\n"), Native.va().build());
    }

    public static void second() {
        Stdio.fprintf(stderr(), s("second\n"), Native.va().build());
    }
}
