package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jomp.runtime.mem.Mem;

/**
 * What the child of a fork needs of its JVM (docs/design/abi.md § fork). The child is a copy of
 * the JVM with one thread, the one that called fork: HotSpot's VM thread, garbage collector, JIT
 * compiler threads and every other thread are gone, while their locks and condition variables are
 * copied in the state they were in. The child's thread can run Java code, already compiled or
 * interpreted, call native code and allocate from the heap's free young space without any of
 * them; what it cannot do is wait for one of them. Measured (a loop of forks whose children print,
 * allocate and compute): the child hung in about two runs of three, always the same way: its
 * interpreter asked for a method to be compiled, and the notify of the compile queue waited
 * forever on a condition variable whose waiters (the compiler threads) exist only in the parent.
 * <p>
 * So the parent first makes sure the young generation has room (a collection when less than
 * {@link #ROOM} is free: a collection in the child would wait for the VM thread), and the child
 * turns off HotSpot's {@code UseCompiler} flag at once, which HotSpot reads before it queues any
 * compilation (CompileBroker::should_compile_new_jobs): the child runs what is compiled and
 * interprets the rest. The flag is found as HotSpot's serviceability agent finds it, through the
 * table of VM structures libjvm exports (gHotSpotVMStructs: JVMFlag::flags, numFlags, _name,
 * _addr), looked up in the parent. Then the runtime's own parts forget the threads that stayed
 * behind ({@link #whenForked}).
 */
public final class ForkedJvm {
    private ForkedJvm() {}

    /** The young space the child may allocate from before it would need a collection. */
    static final long ROOM = 64L << 20;

    private static final List<Runnable> IN_CHILD = new CopyOnWriteArrayList<>();
    /** HotSpot's UseCompiler flag (a bool), 0 when not found. */
    private static long useCompiler = -1;

    private static java.lang.management.MemoryPoolMXBean eden;
    private static volatile boolean child;

    /** Runs {@code step} in the child of every fork, before the C code goes on: a pool forgets its threads. */
    public static void whenForked(Runnable step) {
        IN_CHILD.add(step);
    }

    /** Whether this process is the child of a fork (its JVM has no compiler, collector or VM thread). */
    public static boolean isChild() {
        return child;
    }

    /**
     * In the parent, before each fork: the flag's address (the first time), room in the young
     * generation, and a quiet JVM ({@link #quiesce}; {@link #resume} after the fork).
     */
    public static synchronized void prepare() {
        if (useCompiler == -1) {
            useCompiler = 0;
            try {
                VmStructs vm = VmStructs.open();
                useCompiler = findFlag(vm, "UseCompiler");
                mutexes = vm.address("Mutex", "_mutex_array");
                numMutexes = vm.address("Mutex", "_num_mutex");
                ownerOffset = vm.offset("Mutex", "_owner");
            } catch (RuntimeException | Error e) {
                // another JVM than HotSpot, or no table: the child keeps its compiler, and the locks are not looked at
            }
            vmLocksFree(); // its code is loaded and linked before the child needs it
            probe();
        }
        findClassFiles();
        if (eden == null) {
            for (var p : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
                if (p.getType() == java.lang.management.MemoryType.HEAP
                        && p.getName().contains("Eden")) eden = p;
            }
        }
        if (eden != null) {
            var u = eden.getUsage();
            if (u.getCommitted() - u.getUsed() < Math.min(ROOM, u.getCommitted() / 2)) System.gc();
        }
        quiesce();
    }

    /** UseCompiler's value before {@link #quiesce} turned it off. */
    private static byte compilerWas = 1;

    /** The longest the parent waits for its JVM to be quiet before it forks anyway. */
    static final long QUIET_NANOS = 200_000_000L;

    /**
     * Makes the fork happen while the JVM's own threads sleep, so that the child's copy holds no
     * lock, arena or read-side critical section of a thread it will not have: no new compilation
     * is queued (UseCompiler off in the parent until {@link #resume}), and the parent waits until
     * every other thread of the process is asleep (state S in /proc/self/task/N/stat) twice in a
     * row, a compilation in progress having finished, or {@link #QUIET_NANOS} passed (threads of
     * the program's own that keep running). The child's checks catch what this misses.
     */
    private static void quiesce() {
        if (useCompiler > 0) {
            compilerWas = Mem.getByte(useCompiler);
            Mem.putByte(useCompiler, (byte) 0);
        }
        long deadline = System.nanoTime() + QUIET_NANOS;
        int quiet = 0;
        while (quiet < 2 && System.nanoTime() < deadline) {
            quiet = othersAsleep() ? quiet + 1 : 0;
            Thread.onSpinWait();
        }
    }

    /** In the parent after the fork: compilation as it was. */
    public static void resume() {
        if (useCompiler > 0) Mem.putByte(useCompiler, compilerWas);
    }

    /** Whether every thread of the process but the caller sleeps (S), is stopped or is a zombie. */
    private static boolean othersAsleep() {
        long self = selfTid();
        java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
        if (tasks == null) return true;
        for (java.io.File t : tasks) {
            if (t.getName().equals(Long.toString(self))) continue;
            try {
                String stat = java.nio.file.Files.readString(t.toPath().resolve("stat"));
                int close = stat.lastIndexOf(')'); // the name may hold spaces and parentheses
                char state = close > 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : 'S';
                if (state == 'R' || state == 'D') return false;
            } catch (java.io.IOException e) {
                // the thread ended
            }
        }
        return true;
    }

    private static final class Gettid {
        static final java.lang.foreign.MemorySegment F = Universal.glibc("gettid");
    }

    private static long selfTid() {
        return Universal.callCritical(Gettid.F, 0, 0, 0, 0, 0, 0);
    }

    /** HotSpot's global locks (Mutex::_mutex_array, _num_mutex) and where a lock keeps its owner. */
    private static long mutexes = -1, numMutexes = -1, ownerOffset = -1;

    /**
     * Whether no thread holds any of HotSpot's global locks (class definition, code cache, compile
     * queue, ...). In the child, a lock some vanished thread held is held for ever: the child's
     * first class definition or code installation would wait on it. True when the table is unknown.
     */
    public static boolean vmLocksFree() {
        if (mutexes <= 0 || numMutexes <= 0 || ownerOffset < 0) return true;
        long array = Mem.getLong(mutexes);
        int n = Mem.getInt(numMutexes);
        for (int i = 0; i < n; i++) {
            long m = Mem.getLong(array + 8L * i);
            if (m != 0 && Mem.getLong(m + ownerOffset) != 0) return false;
        }
        return true;
    }

    /**
     * In the child, before it says it can go on: defines a class, which takes the locks a child
     * most often needs and a vanished thread may have held (the class dictionary's, the class
     * hierarchy's, metaspace's, and the pool of the arenas HotSpot parses in: the probe's constant
     * pool is larger than an arena's chunk). A child that cannot gets no further, and its parent,
     * hearing nothing, forks again. The class is hidden, so each child defines its own.
     */
    public static void probe() {
        try {
            java.lang.invoke.MethodHandles.lookup().defineHiddenClass(PROBE, false);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A class file of no members and about 128 KiB of constant pool (made in the parent). */
    private static final byte[] PROBE = probeClass();

    private static byte[] probeClass() {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(b);
        try {
            int fillers = 128;
            out.writeInt(0xCAFEBABE);
            out.writeShort(0);
            out.writeShort(65); // Java 21's class file version
            out.writeShort(5 + fillers); // constant pool count
            out.writeByte(7);
            out.writeShort(2); // #1 Class #2
            out.writeByte(1);
            out.writeUTF("jomp/runtime/ffi/ForkProbe");
            out.writeByte(7);
            out.writeShort(4); // #3 Class #4
            out.writeByte(1);
            out.writeUTF("java/lang/Object");
            String filler = "x".repeat(1000);
            for (int i = 0; i < fillers; i++) {
                out.writeByte(1);
                out.writeUTF(filler + i);
            }
            out.writeShort(0x1030); // ACC_SYNTHETIC | ACC_SUPER | ACC_FINAL
            out.writeShort(1);
            out.writeShort(3);
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    /**
     * In the child, first thing after fork returned 0: HotSpot queues no compilation from now on
     * (a request would notify the compile queue, whose waiters exist only in the parent).
     */
    public static void noCompiler() {
        child = true;
        if (useCompiler > 0) Mem.putByte(useCompiler, (byte) 0);
    }

    /**
     * The class path's files the JVM holds open (its jars: the executable, the runtime, shared
     * libraries), each a descriptor and its path, found in the parent before each fork. A forked
     * child shares its parent's open file descriptions, offsets included, and the JDK reads a jar by
     * a seek and a read: parent and child loading classes at once would read each other's bytes (a
     * child ended with NoClassDefFoundError that way). The child opens each file again under the
     * same descriptor ({@link #ownClassFiles}); the C program's own descriptors stay shared, as C's
     * fork shares them.
     */
    private static int[] classFds = {};

    private static MemorySegment[] classPaths = {};
    private static java.util.Set<java.nio.file.Path> classPath;

    private static final class Reopen {
        static final MemorySegment OPEN = Universal.glibc("open");
        static final MemorySegment FCNTL = Universal.glibc("fcntl");
        static final MemorySegment DUP3 = Universal.glibc("dup3");
        static final MemorySegment CLOSE = Universal.glibc("close");

        /** Initialises the class (in the parent: the child must load none before it reopens the jars). */
        static void load() {}
    }

    private static void findClassFiles() {
        if (classPath == null) {
            classPath = new java.util.HashSet<>();
            for (String e : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
                try {
                    if (!e.isEmpty()) classPath.add(java.nio.file.Path.of(e).toRealPath());
                } catch (java.io.IOException | java.nio.file.InvalidPathException x) {
                    // not a file (a folder that is gone): nothing the JVM holds open
                }
            }
        }
        java.util.List<Integer> fds = new java.util.ArrayList<>();
        java.util.List<MemorySegment> paths = new java.util.ArrayList<>();
        java.io.File[] open = new java.io.File("/proc/self/fd").listFiles();
        for (java.io.File f : open == null ? new java.io.File[0] : open) {
            try {
                java.nio.file.Path target = java.nio.file.Files.readSymbolicLink(f.toPath());
                if (classPath.contains(target)) {
                    fds.add(Integer.parseInt(f.getName()));
                    paths.add(Arena.ofAuto().allocateFrom(target.toString()));
                }
            } catch (java.io.IOException | NumberFormatException | UnsupportedOperationException e) {
                // closed since the listing, or not a descriptor
            }
        }
        classFds = fds.stream().mapToInt(Integer::intValue).toArray();
        classPaths = paths.toArray(new MemorySegment[0]);
        if (classFds.length > 0) Reopen.load();
    }

    /**
     * In the child, before it can load a class: each of the JVM's class files opened again under its
     * descriptor (its flags kept), so that the child's reads move no offset of the parent's.
     */
    public static void ownClassFiles() {
        for (int i = 0; i < classFds.length; i++) {
            int fd = classFds[i];
            long again = Universal.call(Reopen.OPEN, classPaths[i].address(), O_RDONLY | O_CLOEXEC, 0, 0, 0, 0);
            if (again < 0) continue; // gone from the disk: the child shares the parent's, as before
            long flags = Universal.call(Reopen.FCNTL, fd, F_GETFD, 0, 0, 0, 0);
            Universal.call(Reopen.DUP3, again, fd, flags >= 0 && (flags & FD_CLOEXEC) == 0 ? 0 : O_CLOEXEC, 0, 0, 0);
            Universal.call(Reopen.CLOSE, again, 0, 0, 0, 0, 0);
        }
    }

    private static final int O_RDONLY = 0, O_CLOEXEC = 0x80000, F_GETFD = 1, FD_CLOEXEC = 1;

    /** In the child, once its parent let it go on: the runtime's parts forget the parent's threads. */
    public static void inChild() {
        for (Runnable r : IN_CHILD) r.run();
    }

    /** HotSpot's table of its own structures (gHotSpotVMStructs), what the serviceability agent reads. */
    private record VmStructs(
            SymbolLookup jvm, long structs, long stride, long typeName, long fieldName, long offsetAt, long addressAt) {
        @SuppressWarnings(
                "restricted") // reading libjvm.so's symbols through FFM is this code's purpose; the launchers enable
        // native access
        static VmStructs open() {
            SymbolLookup jvm = SymbolLookup.libraryLookup(
                    java.nio.file.Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so"),
                    Arena.global());
            return new VmStructs(
                    jvm,
                    word(jvm, "gHotSpotVMStructs"),
                    word(jvm, "gHotSpotVMStructEntryArrayStride"),
                    word(jvm, "gHotSpotVMStructEntryTypeNameOffset"),
                    word(jvm, "gHotSpotVMStructEntryFieldNameOffset"),
                    word(jvm, "gHotSpotVMStructEntryOffsetOffset"),
                    word(jvm, "gHotSpotVMStructEntryAddressOffset"));
        }

        /** The entry of type.field, 0 when there is none. */
        long entry(String type, String field) {
            for (long e = structs; ; e += stride) {
                long t = Mem.getLong(e + typeName), f = Mem.getLong(e + fieldName);
                if (t == 0 && f == 0) return 0;
                if (t != 0
                        && f != 0
                        && Mem.cString(t).equals(type)
                        && Mem.cString(f).equals(field)) return e;
            }
        }

        /** A static field's address (-1: unknown). */
        long address(String type, String field) {
            long e = entry(type, field);
            return e == 0 ? -1 : Mem.getLong(e + addressAt);
        }

        /** A field's offset in its object (-1: unknown). */
        long offset(String type, String field) {
            long e = entry(type, field);
            return e == 0 ? -1 : Mem.getLong(e + offsetAt);
        }
    }

    /** The address of HotSpot flag {@code name}'s value, or 0 when the table does not say. */
    static long findFlag(VmStructs vm, String name) {
        long flags = vm.address("JVMFlag", "flags"), numFlags = vm.address("JVMFlag", "numFlags");
        long nameOff = vm.offset("JVMFlag", "_name"), addrOff = vm.offset("JVMFlag", "_addr");
        long size = typeSize(vm.jvm(), "JVMFlag");
        if (flags <= 0 || numFlags <= 0 || nameOff < 0 || addrOff < 0 || size <= 0) return 0;
        long table = Mem.getLong(flags), n = Mem.getLong(numFlags);
        for (long i = 0; i < n; i++) {
            long flag = table + i * size, s = Mem.getLong(flag + nameOff);
            if (s != 0 && Mem.cString(s).equals(name)) return Mem.getLong(flag + addrOff);
        }
        return 0;
    }

    private static long typeSize(SymbolLookup jvm, String type) {
        long types = word(jvm, "gHotSpotVMTypes"), stride = word(jvm, "gHotSpotVMTypeEntryArrayStride");
        long nameAt = word(jvm, "gHotSpotVMTypeEntryTypeNameOffset"),
                sizeAt = word(jvm, "gHotSpotVMTypeEntrySizeOffset");
        for (long e = types; ; e += stride) {
            long t = Mem.getLong(e + nameAt);
            if (t == 0) return 0;
            if (Mem.cString(t).equals(type)) return Mem.getLong(e + sizeAt);
        }
    }

    /** The value of libjvm's exported variable {@code symbol} (a pointer or a size). */
    private static long word(SymbolLookup jvm, String symbol) {
        MemorySegment s = jvm.find(symbol).orElseThrow();
        return Mem.getLong(s.address());
    }
}
