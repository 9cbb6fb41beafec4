import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * Compile speed in a warm JVM: runs the compiler proper (jomp.compiler.cc1.Cc1, the `jomp -cc1`
 * stage that `jomp -c` runs) N times in one process on the same source and prints the median
 * wall time of the last half of the runs, in seconds. Each run starts from a collected heap, as a
 * command to the compile server does (CompileServer collects after a large command). Run by compile-speed.sh with the built jars:
 *   java -cp 'dist/target/jomp/lib/*' frontend/bench/WarmCompile.java RUNS prog.c out.o
 */
public final class WarmCompile {
    public static void main(String[] a) {
        int runs = Integer.parseInt(a[0]);
        String[] args = {"-triple", "jvm64-jomp-linux", "-emit-obj", "-o", a[2], a[1]};
        PrintStream devNull = new PrintStream(OutputStream.nullOutputStream());
        double[] t = new double[runs];
        for (int i = 0; i < runs; i++) {
            System.gc();   // as the compile server does after a large command, before it is timed
            long t0 = System.nanoTime();
            int rc = jomp.compiler.cc1.Cc1.run(args, devNull, System.err);
            t[i] = (System.nanoTime() - t0) / 1e9;
            if (rc != 0) throw new IllegalStateException("compile failed with status " + rc);
        }
        double[] last = Arrays.copyOfRange(t, runs / 2, runs);
        Arrays.sort(last);
        System.out.printf("%.3f%n", last[last.length / 2]);
    }
}
