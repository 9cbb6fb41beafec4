package jomp.driver;

import java.nio.file.Path;
import java.util.Arrays;

/** Entry point of bin/jomp: {@code jomp -cc1 …} runs the frontend, anything else the driver. */
public final class Main {
    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String[] args) {
        if (args.length > 0 && args[0].equals("-cc1")) {
            return jomp.frontend.Cc1.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err);
        }
        String root = System.getProperty("jomp.root", ".");
        return new Driver(System.out, System.err, Path.of(root).toAbsolutePath().normalize()).run(Arrays.asList(args));
    }

    private Main() {}
}
