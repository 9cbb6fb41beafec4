package jomp.driver;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;

/** Entry point of bin/jomp: {@code jomp -cc1 …} runs the frontend, anything else the driver. */
public final class Main {
    /** True in the compile server's JVM (so that -v can say where a command ran); jomp.driver.server.CompileServer sets it. */
    public static volatile boolean served;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    /**
     * One jomp command with its own output streams (the compile server runs many in one JVM). A
     * fault of jomp's own is reported as clang reports a crash (jomp.env.Crash), never as a Java
     * stack trace.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length > 0 && args[0].equals("-cc1")) {
                return jomp.compiler.cc1.Cc1.run(Arrays.copyOfRange(args, 1, args.length), out, err);
            }
            String root = System.getProperty("jomp.root", ".");
            return new Driver(out, err, Path.of(root).toAbsolutePath().normalize()).run(Arrays.asList(args));
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            out.flush();
            java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("jomp"));
            command.addAll(Arrays.asList(args));
            return jomp.env.Crash.report("jomp", command, e, err);
        }
    }

    private Main() {}
}
