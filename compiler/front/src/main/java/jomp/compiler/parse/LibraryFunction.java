package jomp.compiler.parse;

import java.util.List;
import java.util.Map;
import jomp.compiler.preprocess.Extensions;
import jomp.compiler.type.Type;

/**
 * C library functions clang knows as builtins: calling one undeclared gets clang's
 * "call to undeclared library function 'f' with type '...'" and a note naming the header.
 */
record LibraryFunction(Type type, String header) {
    private static final Type CCHARP = Type.pointerTo(Type.CHAR.qualified(Type.CONST));
    private static final Type CHARP = Type.pointerTo(Type.CHAR);
    private static final Type VOIDP = Type.pointerTo(Type.VOID);
    private static final Type CVOIDP = Type.pointerTo(Type.VOID.qualified(Type.CONST));

    private static Type f(Type ret, Type... params) {
        return Type.func(ret, List.of(params), false, false);
    }

    private static Type v(Type ret, Type... params) {
        return Type.func(ret, List.of(params), true, false);
    }

    private static final Map<String, LibraryFunction> TABLE = Map.ofEntries(
            Map.entry("printf", new LibraryFunction(v(Type.INT, CCHARP), "stdio.h")),
            Map.entry("scanf", new LibraryFunction(v(Type.INT, CCHARP), "stdio.h")),
            Map.entry("sprintf", new LibraryFunction(v(Type.INT, CHARP, CCHARP), "stdio.h")),
            Map.entry("snprintf", new LibraryFunction(v(Type.INT, CHARP, Type.ULONG, CCHARP), "stdio.h")),
            Map.entry("malloc", new LibraryFunction(f(VOIDP, Type.ULONG), "stdlib.h")),
            Map.entry("calloc", new LibraryFunction(f(VOIDP, Type.ULONG, Type.ULONG), "stdlib.h")),
            Map.entry("realloc", new LibraryFunction(f(VOIDP, VOIDP, Type.ULONG), "stdlib.h")),
            Map.entry("free", new LibraryFunction(f(Type.VOID, VOIDP), "stdlib.h")),
            Map.entry("exit", new LibraryFunction(f(Type.VOID, Type.INT), "stdlib.h")),
            Map.entry("abort", new LibraryFunction(f(Type.VOID), "stdlib.h")),
            Map.entry("abs", new LibraryFunction(f(Type.INT, Type.INT), "stdlib.h")),
            Map.entry("labs", new LibraryFunction(f(Type.LONG, Type.LONG), "stdlib.h")),
            Map.entry("strlen", new LibraryFunction(f(Type.ULONG, CCHARP), "string.h")),
            Map.entry("strcmp", new LibraryFunction(f(Type.INT, CCHARP, CCHARP), "string.h")),
            Map.entry("strncmp", new LibraryFunction(f(Type.INT, CCHARP, CCHARP, Type.ULONG), "string.h")),
            Map.entry("strcpy", new LibraryFunction(f(CHARP, CHARP, CCHARP), "string.h")),
            Map.entry("strncpy", new LibraryFunction(f(CHARP, CHARP, CCHARP, Type.ULONG), "string.h")),
            Map.entry("strcat", new LibraryFunction(f(CHARP, CHARP, CCHARP), "string.h")),
            Map.entry("memcpy", new LibraryFunction(f(VOIDP, VOIDP, CVOIDP, Type.ULONG), "string.h")),
            Map.entry("memmove", new LibraryFunction(f(VOIDP, VOIDP, CVOIDP, Type.ULONG), "string.h")),
            Map.entry("memset", new LibraryFunction(f(VOIDP, VOIDP, Type.INT, Type.ULONG), "string.h")),
            Map.entry("memcmp", new LibraryFunction(f(Type.INT, CVOIDP, CVOIDP, Type.ULONG), "string.h")),
            Map.entry("sqrt", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("fabs", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("sin", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("cos", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("exp", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("log", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("pow", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("floor", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("ceil", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            // those jomp's x86 intrinsics headers call (<xmmintrin.h>, <smmintrin.h>, <fmaintrin.h>)
            Map.entry("sqrtf", new LibraryFunction(f(Type.FLOAT, Type.FLOAT), "math.h")),
            Map.entry("floorf", new LibraryFunction(f(Type.FLOAT, Type.FLOAT), "math.h")),
            Map.entry("ceilf", new LibraryFunction(f(Type.FLOAT, Type.FLOAT), "math.h")),
            Map.entry("trunc", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("truncf", new LibraryFunction(f(Type.FLOAT, Type.FLOAT), "math.h")),
            Map.entry("rint", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("rintf", new LibraryFunction(f(Type.FLOAT, Type.FLOAT), "math.h")),
            Map.entry("fma", new LibraryFunction(f(Type.DOUBLE, Type.DOUBLE, Type.DOUBLE, Type.DOUBLE), "math.h")),
            Map.entry("fmaf", new LibraryFunction(f(Type.FLOAT, Type.FLOAT, Type.FLOAT, Type.FLOAT), "math.h")));

    static {
        // the preprocessor answers __has_builtin(__builtin_NAME) from Extensions' list of these names
        if (!TABLE.keySet().equals(Extensions.LIBRARY_FUNCTIONS))
            throw new IllegalStateException(
                    "LibraryFunction and Extensions.LIBRARY_FUNCTIONS list different functions");
    }

    static LibraryFunction find(String name) {
        return TABLE.get(name);
    }
}
