package jomp.runtime.libc;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Binds libm functions as critical FFM downcalls. Kept apart from {@link LibmCalls}, whose holder
 * classes call it on a function's first use: building the native linker costs tens of
 * milliseconds, which a program that uses only sqrt or floor should not pay at start-up.
 */
final class Libm {
    private Libm() {}

    static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE;
    static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong J = ValueLayout.JAVA_LONG;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    static MethodHandle bind(String name, MemoryLayout result, MemoryLayout... args) {
        Optional<java.lang.foreign.MemorySegment> symbol = LIBC.find(name);
        if (symbol.isEmpty()) throw new UnsatisfiedLinkError("jomp libc: libm has no " + name);
        return LINKER.downcallHandle(symbol.get(), FunctionDescriptor.of(result, args), Linker.Option.critical(false));
    }
}
