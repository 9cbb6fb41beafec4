package jomp.driver.job;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A program a job runs (clang's Tool): its name in binding dumps, the launcher that runs it on
 * its own (what -### prints) and, for jomp's own tools, the entry point that runs it in-process.
 */
public interface Tool {
    /** The name -ccc-print-bindings shows, e.g. "jomp", "Offload::Packager". */
    String bindingName();

    /** The program -### prints at the head of the command line. */
    String executable();

    /** Runs the tool with these arguments; returns its exit status. */
    int run(List<String> args, PrintStream out, PrintStream err) throws Exception;

    /** A tool of jomp's own, run in this JVM by calling its entry point. */
    interface InProcess {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    static Tool inProcess(String bindingName, Path launcher, InProcess entry) {
        return new Tool() {
            @Override
            public String bindingName() {
                return bindingName;
            }

            @Override
            public String executable() {
                return launcher.toString();
            }

            @Override
            public int run(List<String> args, PrintStream out, PrintStream err) {
                return entry.run(args.toArray(String[]::new), out, err);
            }
        };
    }

    /** An external program (ptxas), run as a child process in the caller's environment (Programs), its output passed through. */
    static Tool external(String bindingName, Path program) {
        return new Tool() {
            @Override
            public String bindingName() {
                return bindingName;
            }

            @Override
            public String executable() {
                return program.toString();
            }

            @Override
            public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
                var cmd = new java.util.ArrayList<String>();
                cmd.add(program.toString());
                cmd.addAll(args);
                jomp.toolchain.Programs.Result r = jomp.toolchain.Programs.run(cmd);
                err.print(r.output());
                return r.status();
            }
        };
    }
}
