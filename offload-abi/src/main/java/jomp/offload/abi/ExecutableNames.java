package jomp.offload.abi;

/**
 * The names the linker-wrapper's generated registration code and the runtime share, and the
 * lowering's constructor functions
 * (docs/design/offload-abi.md §4). The runtime's entry point, {@code Registry.registerLib(BinaryDescriptor)},
 * is named by the linker-wrapper through the runtime class itself, so renaming it breaks the build.
 */
public final class ExecutableNames {
    private ExecutableNames() {}

    /** The generated class (clang's OffloadWrapper output); the program's Main calls its {@code register()}. */
    public static final String CLASS = "jomp/link/Registration";
    /** The generated class holding the program's data image: {@code static long base}, {@code static long address(long offset)}. */
    public static final String PROGRAM = "jomp/link/Program";

    /**
     * The prefix of a unit's constructor functions, {@code __jomp_init_<priority, 5 digits>_<unit>}
     * ({@code void()}, which the lowering makes from {@code constructor}/{@code destructor}
     * attributes): the program's Main calls each before main, by priority, then in link order.
     */
    public static final String INIT_PREFIX = "__jomp_init_";

    /** The priority in an init function's name. */
    public static int initPriority(String symbol) {
        return Integer.parseInt(symbol.substring(INIT_PREFIX.length(), INIT_PREFIX.length() + 5));
    }

    /** The executable's resource holding device image {@code i}. */
    public static String imageResource(int i) {
        return "jomp/offload/image" + i + ".bin";
    }
}
