package jomp.runtime.mem;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * C function pointers (docs/design/abi.md § Function pointers). A pointer to a jomp function is the
 * address of a 16-byte trampoline in executable memory, so native code can call it (qsort's
 * comparison, pthread_create's start routine, an atexit handler) and the same value means the same
 * function to jomp code and native code alike. The trampolines bind lazily, as a PLT does: slot k
 * jumps through its GOT entry, which first points back into the slot, which pushes k and enters the
 * resolver; the resolver saves the argument registers and asks {@link Binder#resolve} for the
 * upcall stub of function k (made then, from its C signature), stores it in the GOT and jumps to it.
 * So no FFM upcall stub is made, and no FFM code runs at all, until native code first calls one.
 * <p>
 * jomp code calls through a pointer by asking {@link #handle(long, String)} for a method handle with
 * the call's JVM descriptor (its C signature's, then the calling thread's {@link Stack}): a
 * trampoline gives the registered jomp function itself (no native code runs); any other address is
 * native code, called through a downcall made for the call's C signature.
 * <p>
 * The memory is written as data and made executable when the native world starts
 * ({@link #makeExecutable}, called by {@code jomp.runtime.ffi.NativeWorld}): until then no native
 * code can hold a pointer it could call.
 */
public final class Functions {
    /** One chunk: a code page (the resolver, then the slots) and a data page (the resolver's target, then the GOT). */
    static final int PAGE = 4096, RESOLVER = 256, SLOTS = (PAGE - RESOLVER) / 16;

    /** What binds trampolines and native pointers: {@code jomp.runtime.ffi.Binder}, set when the native world starts. */
    public interface Binder {
        /** The upcall stub for function {@code index} (its handle and C signature are {@link #target} and {@link #csig}). */
        long resolve(int index);
        /** A handle with the JVM descriptor of C signature {@code csig}, then a Stack it ignores, that calls native code at {@code address}. */
        MethodHandle downcall(long address, String csig);
        /** Makes a chunk's code page executable. */
        void protect(long code, long bytes);
        /** The upcall stub of {@link Functions#resolve}, which the resolver code calls; made when first needed. */
        long resolver();
    }

    private static volatile Binder binder;

    private static volatile MethodHandle[] table = new MethodHandle[SLOTS];
    private static volatile String[] csigs = new String[SLOTS];
    private static MethodHandle[] makers = new MethodHandle[SLOTS]; // guarded by Functions.class
    private static int[] keys = new int[SLOTS];
    private static volatile long[] chunks = new long[0]; // code page of each chunk
    private static int count;

    private Functions() {}

    /** Registers a jomp function (no C signature: native code cannot call it) and returns its pointer value. */
    public static long register(MethodHandle mh) {
        return register(mh, null);
    }

    /**
     * Registers a jomp function with its C signature and returns its pointer value: its trampoline's
     * address. A handle without the trailing Stack parameter (a C library function's, one of the
     * runtime's own) gets one it ignores, so that every registered function is called alike.
     */
    public static synchronized long register(MethodHandle mh, String csig) {
        return register(takingStack(mh), null, 0, csig);
    }

    /**
     * Registers a jomp function whose handle is made when first needed, by {@code maker}
     * ({@code (int) -> MethodHandle}) given {@code key}, and returns its pointer value. The program's
     * start registers every function whose address the program takes (a test runner's table, a
     * library's callbacks), and each handle made costs the JVM a LambdaForm class per new shape
     * of method (about a millisecond each, cold); most of those functions are only ever called
     * directly, or not at all in one run.
     */
    public static synchronized long registerLazily(MethodHandle maker, int key, String csig) {
        return register(null, maker, key, csig);
    }

    private static long register(MethodHandle mh, MethodHandle maker, int key, String csig) {
        int i = count;
        if (i == table.length) {
            table = Arrays.copyOf(table, i * 2);
            csigs = Arrays.copyOf(csigs, i * 2);
            makers = Arrays.copyOf(makers, i * 2);
            keys = Arrays.copyOf(keys, i * 2);
        }
        if (i / SLOTS == chunks.length) newChunk();
        long code = chunks[i / SLOTS];
        MethodHandle[] t = table;
        t[i] = mh;
        csigs[i] = csig;
        makers[i] = maker;
        keys[i] = key;
        table = t; // publish
        count = i + 1;
        return slot(code, i % SLOTS);
    }

    /** Function i's handle, made now if it was registered lazily. */
    private static MethodHandle entry(int i) {
        MethodHandle h = table[i];
        return h != null ? h : make(i);
    }

    private static synchronized MethodHandle make(int i) {
        MethodHandle h = table[i];
        if (h != null) return h;
        try {
            h = takingStack((MethodHandle) makers[i].invokeExact(keys[i]));
        } catch (Throwable e) {
            throw new IllegalStateException("function " + i + "'s handle", e);
        }
        table[i] = h; // a handle's fields are final: any thread that reads it sees it whole
        makers[i] = null;
        return h;
    }

    private static long slot(long code, int k) {
        return code + RESOLVER + 16L * k;
    }

    /** A chunk's code never changes once written: the resolver and every slot, whether registered yet or not. */
    private static void newChunk() {
        long code = Mem.permanentUncleared(2L * PAGE, PAGE);
        writeResolver(code);
        int first = chunks.length * SLOTS;
        byte[] slots = new byte[16 * SLOTS];
        for (int k = 0; k < SLOTS; k++) writeSlot(slots, code, k, first + k);
        Mem.copyFromArray(slots, 0, code + RESOLVER, slots.length);
        long[] c = Arrays.copyOf(chunks, chunks.length + 1);
        c[c.length - 1] = code;
        chunks = c;
        Binder b = binder;
        if (b != null) {
            if (resolverTarget == 0) resolverTarget = b.resolver();
            Mem.putLong(code + PAGE, resolverTarget);
            b.protect(code, PAGE);
        }
    }

    private static long resolverTarget;

    /**
     * Installs the binder and makes every chunk executable (native code may call them from now
     * on). The resolver's upcall stub is made only when there are trampolines at all: a program
     * that never takes a function's address pays nothing for it.
     */
    public static synchronized void makeExecutable(Binder b) {
        if (chunks.length > 0 && resolverTarget == 0) resolverTarget = b.resolver();
        for (long code : chunks) {
            Mem.putLong(code + PAGE, resolverTarget);
            b.protect(code, PAGE);
        }
        binder = b;
    }

    /** Called by the resolver (native code): binds trampoline {@code index} and returns where it now jumps. */
    public static long resolve(long index) {
        int i = (int) index;
        long got = gotEntry(i);
        synchronized (Functions.class) {
            long now = Mem.getLong(got);
            if (now != slot(chunks[i / SLOTS], i % SLOTS) + 6) return now; // another thread bound it
            long stub = binder.resolve(i);
            Mem.putLong(got, stub);
            return stub;
        }
    }

    private static long gotEntry(int i) {
        return chunks[i / SLOTS] + PAGE + 8L + 8L * (i % SLOTS);
    }

    /**
     * A handle that takes the calling thread's {@link Stack} as its last parameter, as compiled C
     * code calls every function (docs/design/abi.md): h itself when it does, else h ignoring one.
     */
    public static MethodHandle takingStack(MethodHandle h) {
        MethodType t = h.type();
        int n = t.parameterCount();
        return n > 0 && t.parameterType(n - 1) == Stack.class ? h : MethodHandles.dropArguments(h, n, Stack.class);
    }

    /**
     * For a caller that has no Stack to pass (native code calling a jomp function through its
     * trampoline): h with its trailing Stack parameter filled with the calling thread's, looked up
     * at each call.
     */
    public static MethodHandle onCurrentStack(MethodHandle h) {
        MethodType t = h.type();
        int n = t.parameterCount();
        if (n == 0 || t.parameterType(n - 1) != Stack.class) return h;
        return MethodHandles.collectArguments(h, n - 1, CURRENT);
    }

    private static final MethodHandle CURRENT;

    static {
        try {
            CURRENT = MethodHandles.lookup().findStatic(Stack.class, "current", MethodType.methodType(Stack.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The jomp function of trampoline {@code index}. */
    public static MethodHandle target(int index) {
        return entry(index);
    }

    /** Its C signature, or null when none was recorded. */
    public static String csig(int index) {
        return csigs[index];
    }

    /** The index of the trampoline at {@code fp}, or -1 when fp is not one. */
    public static int index(long fp) {
        long[] c = chunks;
        for (int k = 0; k < c.length; k++) {
            long off = fp - c[k] - RESOLVER;
            if (off >= 0 && off < 16L * SLOTS && (off & 15) == 0) {
                int i = k * SLOTS + (int) (off >>> 4);
                return i < count ? i : -1;
            }
        }
        return -1;
    }

    /** The jomp function a pointer designates; for callers that know it is one (OpenMP's outlined regions). */
    public static MethodHandle handle(long fp) {
        return handle(fp, null);
    }

    /**
     * A handle calling the function at {@code fp} with the JVM descriptor of C signature
     * {@code csig} and the Stack last: the registered jomp function, or a downcall when fp is
     * native code (the binder's, which ignores the Stack).
     */
    public static MethodHandle handle(long fp, String csig) {
        long[] c = chunks;
        if (c.length > 0) {
            long off = fp - c[0] - RESOLVER;
            if (off >= 0 && off < 16L * SLOTS && (off & 15) == 0) {
                MethodHandle h = table[(int) (off >>> 4)];
                if (h != null) return h;
            }
        }
        return slowHandle(fp, csig);
    }

    /** A call of a weak function that nothing in the link defines (its address is 0): C's call through NULL. */
    public static void callNull() {
        throw new BadFunctionPointer(0);
    }

    private static MethodHandle slowHandle(long fp, String csig) {
        int i = index(fp);
        if (i >= 0) return entry(i);
        if (fp == 0) throw new BadFunctionPointer(fp);
        for (long c : chunks) if (fp >= c && fp < c + 2L * PAGE) throw new BadFunctionPointer(fp);
        if (csig == null) throw new BadFunctionPointer(fp);
        // a pointer to native code comes from native code, or from a native function's address,
        // and either has started the native world, which installed the binder
        Binder b = binder;
        if (b == null) throw new BadFunctionPointer(fp);
        return b.downcall(fp, csig);
    }

    // ---- machine code (x86-64) ----

    /**
     * Slot k of a chunk: {@code jmp [rip+GOT_k]; push index; jmp resolver}, 16 bytes; its GOT
     * entry starts out pointing at the push.
     */
    private static void writeSlot(byte[] b, long code, int k, int index) {
        long s = slot(code, k);
        long got = code + PAGE + 8L + 8L * k;
        int o = 16 * k;
        b[o] = (byte) 0xff;
        b[o + 1] = 0x25;
        putInt(b, o + 2, (int) (got - (s + 6)));
        b[o + 6] = 0x68;
        putInt(b, o + 7, index);
        b[o + 11] = (byte) 0xe9;
        putInt(b, o + 12, (int) (code - (s + 16)));
        Mem.putLong(got, s + 6);
    }

    /**
     * The resolver, entered with the slot's index pushed above the caller's return address: saves
     * the argument registers (rdi rsi rdx rcx r8 r9, rax for a variadic call's vector count,
     * xmm0-7), calls the resolve upcall (whose address is the data page's first word) with the
     * index, restores them, drops the index and jumps to the bound stub, so the call goes on as if
     * made to it directly.
     */
    private static void writeResolver(long code) {
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        bytes(o, 0x55, 0x48, 0x89, 0xe5); // push rbp; mov rbp, rsp
        bytes(o, 0x57, 0x56, 0x52, 0x51, 0x41, 0x50, 0x41, 0x51, 0x50); // push rdi rsi rdx rcx r8 r9 rax
        bytes(o, 0x48, 0x81, 0xec, 0x80, 0, 0, 0); // sub rsp, 128
        for (int x = 0; x < 8; x++) { // movdqu [rsp+16x], xmm<x>
            if (x == 0) bytes(o, 0xf3, 0x0f, 0x7f, 0x04, 0x24);
            else bytes(o, 0xf3, 0x0f, 0x7f, 0x44 | x << 3, 0x24, 16 * x);
        }
        bytes(o, 0x48, 0x8b, 0x7d, 0x08); // mov rdi, [rbp+8] (the index)
        int call = o.size();
        bytes(o, 0xff, 0x15, 0, 0, 0, 0); // call [rip+target]
        bytes(o, 0x49, 0x89, 0xc3); // mov r11, rax
        for (int x = 0; x < 8; x++) { // movdqu xmm<x>, [rsp+16x]
            if (x == 0) bytes(o, 0xf3, 0x0f, 0x6f, 0x04, 0x24);
            else bytes(o, 0xf3, 0x0f, 0x6f, 0x44 | x << 3, 0x24, 16 * x);
        }
        bytes(o, 0x48, 0x81, 0xc4, 0x80, 0, 0, 0); // add rsp, 128
        bytes(o, 0x58, 0x41, 0x59, 0x41, 0x58, 0x59, 0x5a, 0x5e, 0x5f); // pop rax r9 r8 rcx rdx rsi rdi
        bytes(o, 0x5d); // pop rbp
        bytes(o, 0x48, 0x83, 0xc4, 0x08); // add rsp, 8 (the index)
        bytes(o, 0x41, 0xff, 0xe3); // jmp r11
        byte[] b = o.toByteArray();
        putInt(b, call + 2, PAGE - (call + 6)); // the data page's first word
        Mem.fill(code, (byte) 0xcc, PAGE); // int3 wherever no code is
        Mem.copyFromArray(b, 0, code, b.length);
        Mem.putLong(code + PAGE, 0);
    }

    private static void bytes(java.io.ByteArrayOutputStream o, int... bs) {
        for (int x : bs) o.write(x);
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >> 8);
        b[at + 2] = (byte) (v >> 16);
        b[at + 3] = (byte) (v >> 24);
    }
}
