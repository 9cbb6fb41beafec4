package jomp.runtime.libc;

/** The C programs of ProcessTest, written as the calls jomp-compiled code makes. */
public final class ChildMain {
    private ChildMain() {}

    private static long s(String v) { return Native.cstr(v); }

    public static void main(String[] args) {
        Stdlib.setProgramName("./t");
        switch (args[0]) {
            case "buffering" -> {
                Stdio.printf(s("a%d\n"), Native.va().i(1).build());
                Stdio.fprintf(Stdio.__jomp_stderr(), s("b\n"), Native.va().build());
                Stdio.puts(s("c"));
                Stdio.putchar('d');
                Stdio.fputs(s("e"), Stdio.__jomp_stderr());
                Stdio.fflush(Stdio.__jomp_stdout());
                Stdio.fputc('f', Stdio.__jomp_stderr());
                Stdio.printf(s("g"), Native.va().build());
                Stdlib.exit(3);
            }
            case "abort" -> {
                Stdio.printf(s("lost"), Native.va().build());
                Stdio.fprintf(Stdio.__jomp_stderr(), s("kept\n"), Native.va().build());
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

    public static void first() { Stdio.printf(s("first\n"), Native.va().build()); }

    public static void second() { Stdio.fprintf(Stdio.__jomp_stderr(), s("second\n"), Native.va().build()); }
}
