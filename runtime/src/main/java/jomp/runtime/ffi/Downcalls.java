package jomp.runtime.ffi;

import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Downcall handles for native functions (docs/design/abi.md § Native calls). The host link
 * generates a holder class per native function and C signature whose static final field is
 * {@link #bind}'s handle, bound on the function's first call; for a call through a pointer to
 * native code, {@link NativeWorld} makes one per address and signature.
 */
public final class Downcalls {
    private Downcalls() {}

    /**
     * glibc functions called as critical downcalls (no thread-state transition, no errno capture):
     * short, never blocking, never calling back into jomp code, never setting errno. The host link
     * asks {@link #critical} so its stub and this class agree on the handle's type.
     */
    private static final Set<String> CRITICAL = Set.of(
            "strlen",
            "strnlen",
            "strcmp",
            "strncmp",
            "strcasecmp",
            "strncasecmp",
            "strchr",
            "strrchr",
            "strstr",
            "strcasestr",
            "strchrnul",
            "memchr",
            "memrchr",
            "rawmemchr",
            "memcmp",
            "memcpy",
            "memmove",
            "memset",
            "mempcpy",
            "memmem",
            "strcpy",
            "strncpy",
            "stpcpy",
            "stpncpy",
            "strcat",
            "strncat",
            "strspn",
            "strcspn",
            "strpbrk",
            "strverscmp",
            "bcmp",
            "bcopy",
            "bzero",
            "explicit_bzero",
            "ffs",
            "ffsl",
            "ffsll",
            "index",
            "rindex",
            "swab",
            "abs",
            "labs",
            "llabs",
            "imaxabs",
            "toupper",
            "tolower",
            "__ctype_b_loc",
            "__ctype_toupper_loc",
            "__ctype_tolower_loc",
            "__errno_location",
            "getpid",
            "htonl",
            "htons",
            "ntohl",
            "ntohs",
            "wcslen",
            "wmemcpy",
            "wmemset",
            "wcscmp");

    /**
     * Native functions jomp code cannot call, with the reason: they save or switch the native
     * stack and registers, which the JVM's frames between jomp code and native code do not survive.
     */
    private static final java.util.Map<String, String> UNCALLABLE;

    static {
        // setjmp and longjmp are the Java library's (jomp.runtime.libc.Setjmp), and so is vfork (a fork,
        // jomp.runtime.libc.Fork), found before glibc's
        String stack = "it switches the native stack under the JVM";
        UNCALLABLE = java.util.Map.ofEntries(
                java.util.Map.entry(
                        "pthread_exit",
                        "it unwinds the thread's stack through the JVM's frames; return from the thread's start routine instead"),
                java.util.Map.entry("getcontext", stack),
                java.util.Map.entry("setcontext", stack),
                java.util.Map.entry("makecontext", stack),
                java.util.Map.entry("swapcontext", stack));
    }

    /** Why jomp code cannot call native function {@code symbol} of glibc, or null. */
    public static String uncallable(String lib, String symbol) {
        return GLIBC.contains(lib) ? UNCALLABLE.get(symbol) : null;
    }

    /** The default libraries (glibc's), whose functions the critical list names. */
    private static final Set<String> GLIBC =
            Set.of("libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1");

    /** Whether {@code symbol} of {@code lib} is one of the glibc functions always called critically. */
    public static boolean critical(String lib, String symbol) {
        return GLIBC.contains(lib) && CRITICAL.contains(symbol);
    }

    /** Whether a handle {@link #bind} made is a critical one: FFM's types with no errno capture segment first. */
    public static boolean isCritical(MethodHandle h, String csig) {
        return direct(csig) && !(h.type().parameterCount() > 0 && h.type().parameterType(0) == MemorySegment.class);
    }

    /** Whether a stub can pass arguments and result straight through (no aggregates, no variadic part, no va_list). */
    public static boolean direct(String csig) {
        CSig s = CSig.parse(csig);
        if (s.variadic() || s.returnsAggregate()) return false;
        for (CSig.CType t : s.params()) if (!(t instanceof CSig.Scalar sc) || sc.code() == 'V') return false;
        return true;
    }

    /**
     * The handle a holder binds: for a {@link #direct} signature FFM's own handle (of
     * {@link CSig#downcallType}: the errno capture first, or nothing more for a critical call,
     * {@link #isCritical}); otherwise one with jomp's JVM type that does the conversions itself
     * ({@link Adapters#toJomp}). A call is critical for the glibc functions listed above and for
     * functions whose code is a short leaf ({@link LeafCode}): nothing in either can block, call
     * back or set errno.
     */
    public static MethodHandle bind(String lib, String symbol, String csig) {
        CSig s = CSig.parse(csig);
        long address = NativeLibs.symbol(lib, symbol);
        boolean critical = critical(lib, symbol) || LeafCode.isShortLeaf(address);
        if (!critical) NativeWorld.start();
        @SuppressWarnings(
                "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
        MethodHandle h = NativeWorld.Ffm.LINKER.downcallHandle(
                MemorySegment.ofAddress(address), s.descriptor(), options(s, !critical));
        return direct(csig) ? h : Adapters.toJomp(h, s, !critical);
    }

    /** A handle with jomp's type calling native code at {@code address} (a call through a function pointer). */
    static MethodHandle pointer(long address, CSig s) {
        @SuppressWarnings(
                "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
        MethodHandle h = NativeWorld.Ffm.LINKER.downcallHandle(
                MemorySegment.ofAddress(address), s.descriptor(), options(s, true));
        return Adapters.toJomp(h, s, true);
    }

    static Linker.Option[] options(CSig s, boolean errno) {
        String why = s.unsupported();
        if (why != null) throw new UnsupportedOperationException(why);
        List<Linker.Option> o = new ArrayList<>();
        if (s.variadic()) o.add(Linker.Option.firstVariadicArg(s.params().size()));
        if (errno) o.add(Linker.Option.captureCallState("errno"));
        else o.add(Linker.Option.critical(false));
        return o.toArray(new Linker.Option[0]);
    }
}
