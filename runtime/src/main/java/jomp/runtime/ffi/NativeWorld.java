package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.mem.Functions;

/**
 * The moment native code enters a jomp program (docs/design/abi.md § Native calls). Until the
 * first call to a native function that may call back or touch shared state, a program runs on
 * the JVM alone and pays nothing for FFM (whose first use costs tens of milliseconds). Then
 * {@link #start} makes the function-pointer trampolines executable and binds their resolver,
 * and moves stdio's buffered output out (C: program order between jomp and native writes).
 */
public final class NativeWorld {
    private NativeWorld() {}

    private static volatile boolean started;

    /** The native linker, in a holder: touching it initialises FFM, which {@link #started()} must not. */
    static final class Ffm {
        static final Linker LINKER = Linker.nativeLinker();
    }

    /** Whether native code may have run. */
    public static boolean started() {
        return started;
    }

    public static void start() {
        if (started) return;
        synchronized (NativeWorld.class) {
            if (started) return;
            Functions.makeExecutable(new TheBinder());
            started = true; // before the steps below, which make downcalls themselves
            // one C world from here on: the C library moves to glibc's streams, atexit list and exit
            // (it registered those steps, see whenStarted)
            for (Runnable r : ON_START) r.run();
            if (jomp.runtime.start.Startup.isProgram()) nameTheProgram();
        }
    }

    private static final java.util.List<Runnable> ON_START = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * Runs {@code step} when native code starts, or now if it has: how the C library (a package
     * above this one) hands its streams and exit to glibc's. A class that registers in its static
     * initialiser holds nothing of the C program's yet if it comes after the start, so running the
     * step then is the same as running it at the start.
     */
    public static void whenStarted(Runnable step) {
        synchronized (NativeWorld.class) {
            if (!started) {
                ON_START.add(step);
                return;
            }
        }
        step.run();
    }

    /**
     * glibc's idea of the program's name (err, warn, error and getopt's messages print it) is the
     * JVM's: it becomes the C program's argv[0], as _start would have set it.
     */
    private static void nameTheProgram() {
        long argv0 = jomp.runtime.start.Startup.argv0;
        if (argv0 == 0) return;
        long shortName = argv0;
        for (long p = argv0; jomp.runtime.mem.Mem.getByte(p) != 0; p++)
            if (jomp.runtime.mem.Mem.getByte(p) == '/') shortName = p + 1;
        jomp.runtime.mem.Mem.putLong(Universal.glibc("program_invocation_name").address(), argv0);
        jomp.runtime.mem.Mem.putLong(
                Universal.glibc("program_invocation_short_name").address(), shortName);
    }

    private static final class Mprotect {
        static final MemorySegment MPROTECT = Universal.glibc("mprotect");
    }

    private static final int PROT_READ = 1, PROT_EXEC = 4;

    /**
     * An upcall stub made as a program's trampolines make theirs, for a Java method of jomp's type
     * for {@code csig}: the start cache's training (StartTraining) makes one so that the classes
     * and method-handle shapes of a program's first upcall come from the cache.
     */
    public static long upcallForTraining(MethodHandle target, String csig) {
        return Upcalls.stub(Functions.onCurrentStack(target), CSig.parse(csig));
    }

    private static final class TheBinder implements Functions.Binder {
        private final ConcurrentHashMap<String, ConcurrentHashMap<Long, MethodHandle>> pointers =
                new ConcurrentHashMap<>();

        @SuppressWarnings(
                "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
        @Override
        public long resolver() {
            if (JniCalls.LOADED) {
                long r = JniCalls.resolver();
                if (r != 0) return r;
            }
            try {
                MethodHandle resolve = MethodHandles.lookup()
                        .findStatic(Functions.class, "resolve", MethodType.methodType(long.class, long.class));
                return Ffm.LINKER
                        .upcallStub(
                                resolve,
                                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                                Arena.global())
                        .address();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public long resolve(int index) {
            String csig = Functions.csig(index);
            try {
                if (csig == null) throw new UnsupportedOperationException("its C signature is unknown");
                return Upcalls.stub(Functions.onCurrentStack(Functions.target(index)), CSig.parse(csig));
            } catch (RuntimeException e) {
                System.err.println(jomp.runtime.start.Startup.programName()
                        + ": native code called a jomp function it cannot call: " + e.getMessage());
                System.err.flush();
                jomp.runtime.start.Startup.halt(134);
                return 0;
            }
        }

        @Override
        public MethodHandle downcall(long address, String csig) {
            ConcurrentHashMap<Long, MethodHandle> bySig = pointers.get(csig);
            if (bySig == null) {
                pointers.putIfAbsent(csig, new ConcurrentHashMap<>());
                bySig = pointers.get(csig);
            }
            MethodHandle h = bySig.get(address);
            if (h == null) {
                h = Functions.takingStack(Downcalls.pointer(address, CSig.parse(csig)));
                bySig.putIfAbsent(address, h);
            }
            return h;
        }

        @Override
        public void protect(long code, long bytes) {
            int r = (int) Universal.call(Mprotect.MPROTECT, code, bytes, PROT_READ | PROT_EXEC, 0, 0, 0);
            if (r != 0)
                throw new IllegalStateException("jomp: cannot make function trampolines executable (mprotect failed)");
        }
    }

    /** The address of native symbol {@code symbol} of {@code lib} (a function's address taken, or a global's). */
    public static long symbol(String lib, String symbol) {
        start();
        return NativeLibs.symbol(lib, symbol);
    }

    static MemorySegment at(long address) {
        return MemorySegment.ofAddress(address);
    }
}
