package jomp.runtime.omp;

import java.util.Locale;
import jomp.runtime.libc.Stdlib;

/**
 * libomp's kmp_* extensions that LLVM's omp.h declares (kmp_ftn_entry.h), and the ompc_* names
 * its omp.h gives the affinity format routines. Settings jomp's threads do not use (the stack
 * size, the blocktime, the library mode, the dispatch buffers) are kept and answered back as
 * libomp keeps them, with libomp's defaults; the affinity mask API answers as libomp built
 * without affinity support does, as jomp binds no thread to a processor.
 */
public final class KmpApi {
    private KmpApi() {}

    /** libomp's library modes (kmp.h library_type): serial, turnaround, throughput. */
    static final int LIBRARY_SERIAL = 1, LIBRARY_TURNAROUND = 2, LIBRARY_THROUGHPUT = 3;
    /** KMP_DEFAULT_STKSIZE on 64-bit Linux; KMP_MAX_BLOCKTIME (an infinite blocktime). */
    static final long DEFAULT_STACKSIZE = 4L << 20;

    static final int MAX_BLOCKTIME = Integer.MAX_VALUE;

    private static volatile long stacksize = stacksize(System.getenv("KMP_STACKSIZE"), System.getenv("OMP_STACKSIZE"));
    private static volatile int blocktime = blocktime(System.getenv("KMP_BLOCKTIME"), System.getenv("OMP_WAIT_POLICY"));
    private static volatile int library = library(System.getenv("KMP_LIBRARY"), System.getenv("OMP_WAIT_POLICY"));

    /** KMP_STACKSIZE, else OMP_STACKSIZE ({@code size[B|K|M|G]}, K by default), else 4 MiB. */
    static long stacksize(String kmp, String omp) {
        for (String v : new String[] {kmp, omp}) {
            if (v == null) continue;
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*(\\d+)\\s*([bBkKmMgG]?)\\s*")
                    .matcher(v);
            if (!m.matches()) continue;
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2).toUpperCase(Locale.ROOT)) {
                case "B" -> n;
                case "M" -> n << 20;
                case "G" -> n << 30;
                default -> n << 10;
            };
        }
        return DEFAULT_STACKSIZE;
    }

    /** KMP_BLOCKTIME in milliseconds ("infinite"), else OMP_WAIT_POLICY (ACTIVE: infinite, PASSIVE: 0), else 200. */
    static int blocktime(String kmp, String waitPolicy) {
        if (kmp != null) {
            String v = kmp.trim().toLowerCase(Locale.ROOT);
            if (v.equals("infinite") || v.equals("infinity") || v.equals("undefined")) return MAX_BLOCKTIME;
            try {
                return Math.max(0, Integer.parseInt(v));
            } catch (NumberFormatException e) {
                // below: the default
            }
        }
        if (waitPolicy != null && waitPolicy.trim().equalsIgnoreCase("active")) return MAX_BLOCKTIME;
        if (waitPolicy != null && waitPolicy.trim().equalsIgnoreCase("passive")) return 0;
        return 200;
    }

    /** KMP_LIBRARY (serial, turnaround, throughput), else turnaround for OMP_WAIT_POLICY=ACTIVE, else throughput. */
    static int library(String kmp, String waitPolicy) {
        if (kmp != null) {
            switch (kmp.trim().toLowerCase(Locale.ROOT)) {
                case "serial" -> {
                    return LIBRARY_SERIAL;
                }
                case "turnaround" -> {
                    return LIBRARY_TURNAROUND;
                }
                case "throughput" -> {
                    return LIBRARY_THROUGHPUT;
                }
                default -> {}
            }
        }
        return waitPolicy != null && waitPolicy.trim().equalsIgnoreCase("active")
                ? LIBRARY_TURNAROUND
                : LIBRARY_THROUGHPUT;
    }

    public static int kmp_get_stacksize() {
        return (int) stacksize;
    }

    public static void kmp_set_stacksize(int size) {
        if (size > 0) stacksize = size;
    }

    public static long kmp_get_stacksize_s() {
        return stacksize;
    }

    public static void kmp_set_stacksize_s(long size) {
        if (size > 0) stacksize = size;
    }

    public static int kmp_get_blocktime() {
        return blocktime;
    }

    public static void kmp_set_blocktime(int msec) {
        blocktime = Math.max(0, msec);
    }

    public static int kmp_get_library() {
        return library;
    }

    public static void kmp_set_library(int mode) {
        setLibrary(mode >= LIBRARY_SERIAL && mode <= LIBRARY_THROUGHPUT ? mode : LIBRARY_THROUGHPUT);
    }

    public static void kmp_set_library_serial() {
        setLibrary(LIBRARY_SERIAL);
    }

    public static void kmp_set_library_turnaround() {
        setLibrary(LIBRARY_TURNAROUND);
    }

    public static void kmp_set_library_throughput() {
        setLibrary(LIBRARY_THROUGHPUT);
    }

    /** libomp's __kmp_aux_set_library: the serial mode says so on stderr (KMP_INFORM). */
    private static void setLibrary(int mode) {
        library = mode;
        if (mode == LIBRARY_SERIAL) {
            System.err.println("OMP: Info #1: Library is \"serial\".");
        }
    }

    /** kmp_set_defaults("KMP_BLOCKTIME=1 KMP_LIBRARY=serial ..."): the settings as if they came from the environment. */
    public static void kmp_set_defaults(long settings) {
        if (settings == 0) return;
        for (String kv : jomp.runtime.mem.Mem.cString(settings).trim().split("[\\s|]+")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) continue;
            String name = kv.substring(0, eq).toUpperCase(Locale.ROOT), value = kv.substring(eq + 1);
            switch (name) {
                case "KMP_BLOCKTIME" -> blocktime = blocktime(value, null);
                case "KMP_LIBRARY" -> library = library(value, null);
                case "KMP_STACKSIZE", "OMP_STACKSIZE" -> stacksize = stacksize(value, null);
                default -> {}
            }
        }
    }

    public static void kmp_set_disp_num_buffers(int num) {}

    // ---- affinity masks: libomp without affinity support (KMP_AFFINITY_SUPPORTED 0)

    public static int kmp_set_affinity(long mask) {
        return -1;
    }

    public static int kmp_get_affinity(long mask) {
        return -1;
    }

    public static int kmp_get_affinity_max_proc() {
        return 0;
    }

    public static void kmp_create_affinity_mask(long mask) {
        if (mask != 0) jomp.runtime.mem.Mem.putLong(mask, 0);
    }

    public static void kmp_destroy_affinity_mask(long mask) {}

    public static int kmp_set_affinity_mask_proc(int proc, long mask) {
        return -1;
    }

    public static int kmp_unset_affinity_mask_proc(int proc, long mask) {
        return -1;
    }

    public static int kmp_get_affinity_mask_proc(int proc, long mask) {
        return -1;
    }

    // ---- memory: the C heap

    public static long kmp_malloc(long size) {
        return Stdlib.malloc(size);
    }

    /** A power-of-two alignment, else NULL with errno EINVAL (libomp's kmpc_aligned_malloc). */
    public static long kmp_aligned_malloc(long size, long alignment) {
        if (alignment <= 0 || (alignment & (alignment - 1)) != 0) {
            jomp.runtime.mem.Mem.putInt(jomp.runtime.libc.Errno.__errno_location(), jomp.runtime.libc.Errno.EINVAL);
            return 0;
        }
        return Stdlib.aligned_alloc(alignment, size);
    }

    public static long kmp_calloc(long n, long size) {
        return Stdlib.calloc(n, size);
    }

    public static long kmp_realloc(long p, long size) {
        return Stdlib.realloc(p, size);
    }

    public static void kmp_free(long p) {
        Stdlib.free(p);
    }

    /** libomp's switch for its runtime warnings; jomp's runtime prints none, so both do nothing. */
    public static void kmp_set_warnings_on() {}

    public static void kmp_set_warnings_off() {}

    // ---- the affinity format routines under the names LLVM's omp.h gives them

    public static void ompc_set_affinity_format(long format) {
        OmpApi.omp_set_affinity_format(format);
    }

    public static long ompc_get_affinity_format(long buffer, long size) {
        return OmpApi.omp_get_affinity_format(buffer, size);
    }

    public static void ompc_display_affinity(long format) {
        OmpApi.omp_display_affinity(format);
    }

    public static long ompc_capture_affinity(long buffer, long size, long format) {
        return OmpApi.omp_capture_affinity(buffer, size, format);
    }
}
