package jomp.runtime.omp;

import java.util.Locale;

/**
 * The ICVs of the device constructs (OpenMP 5.2 §2.4): default-device-var and target-offload-var,
 * from OMP_DEFAULT_DEVICE and OMP_TARGET_OFFLOAD. They live with the other ICVs, below the offload
 * runtime, which reads and sets them; OMP_DISPLAY_ENV prints them with the rest.
 */
public final class DeviceIcvs {
    private DeviceIcvs() {}

    /** omp_initial_device and omp_invalid_device (OpenMP 5.2). */
    public static final int INITIAL = -1, INVALID = -2;

    /** default-device-var: a device number, INITIAL or INVALID; omp_set_default_device sets it. */
    public static volatile int defaultDevice = defaultDevice(System.getenv("OMP_DEFAULT_DEVICE"));

    /**
     * OMP_DEFAULT_DEVICE when it is an OpenMP 6.0 list or has trait specifications: the offload
     * runtime evaluates it over the available devices when default-device-var is first needed
     * (until then, and after that, null).
     */
    public static volatile String defaultDeviceSpec = deviceSpec(System.getenv("OMP_DEFAULT_DEVICE"));

    static String deviceSpec(String v) {
        if (v == null || v.isBlank()) return null;
        String t = v.trim().toLowerCase(java.util.Locale.ROOT);
        return t.matches("\\d+|initial|invalid") ? null : v.trim();
    }

    /**
     * Where the llvm_omp_target_* allocators get their memory: the offload runtime's
     * llvm_omp_target_alloc_host/shared/device, installed when a program registers device images
     * (libomp uses libomptarget's when it is loaded); until then they allocate nothing.
     */
    public static volatile TargetMemory targetMemory;

    /** target-offload-var: MANDATORY, DISABLED or DEFAULT. */
    public static final String TARGET_OFFLOAD = targetOffload(System.getenv("OMP_TARGET_OFFLOAD"));

    /** OMP_TARGET_OFFLOAD's value (case-insensitive, as libomptarget reads it); DEFAULT when unset or unknown. */
    public static String targetOffload(String v) {
        if (v == null || v.isBlank()) return "DEFAULT";
        String t = v.trim().toUpperCase(Locale.ROOT);
        if (t.equals("MANDATORY") || t.equals("DISABLED") || t.equals("DEFAULT")) return t;
        System.err.println(
                "omptarget message: ignoring OMP_TARGET_OFFLOAD=" + v + " (expected MANDATORY, DISABLED or DEFAULT)");
        return "DEFAULT";
    }

    /** OMP_DEFAULT_DEVICE: a device number, or (OpenMP 5.2) initial or invalid; 0 for the forms of deviceSpec. */
    static int defaultDevice(String v) {
        if (v == null || v.isBlank() || deviceSpec(v) != null) return 0; // a list or traits: deviceSpec
        String t = v.trim().toLowerCase(Locale.ROOT);
        if (t.equals("initial")) return INITIAL;
        if (t.equals("invalid")) return INVALID;
        try {
            int n = Integer.parseInt(t);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // below
        }
        System.err.println(
                "omptarget message: ignoring OMP_DEFAULT_DEVICE=" + v + " (not a device number, initial or invalid)");
        return 0;
    }

    /**
     * The ICVs of device scope of one offload device, from the environment (OpenMP 5.2 §21.1):
     * each from OMP_<NAME>_DEV_<device>, else OMP_<NAME>_DEV, else OMP_<NAME>_ALL; the variable
     * without a suffix is the host's. 0 means "not set" (the device's default). nteams-var and
     * teams-thread-limit-var fall back to OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT, which
     * libomptarget's plugins read for every device.
     */
    public record OfDevice(
            int nteams,
            int teamsThreadLimit,
            int nthreads,
            int threadLimit,
            int maxActiveLevels,
            int schedKind,
            int schedChunk) {}

    /** The ICVs of the device whose kernel the calling host thread is launching (set around a launch, for host-thread devices). */
    public static final ThreadLocal<OfDevice> LAUNCHING = new ThreadLocal<>();

    /** The environment the device ICVs come from (tests replace it). */
    static volatile java.util.function.UnaryOperator<String> env = System::getenv;

    /** OpenMP 6.0's omp_set_device_num_teams and omp_set_device_teams_thread_limit: a device's values set by the program. */
    public static final java.util.concurrent.ConcurrentHashMap<Integer, Integer>
            SET_NTEAMS = new java.util.concurrent.ConcurrentHashMap<>(),
            SET_TEAMS_THREAD_LIMIT = new java.util.concurrent.ConcurrentHashMap<>();

    public static OfDevice of(int device) {
        OfDevice d = fromEnvironment(device);
        Integer nt = SET_NTEAMS.get(device), tl = SET_TEAMS_THREAD_LIMIT.get(device);
        if (nt == null && tl == null) return d;
        return new OfDevice(
                nt != null ? nt : d.nteams(),
                tl != null ? tl : d.teamsThreadLimit(),
                d.nthreads(),
                d.threadLimit(),
                d.maxActiveLevels(),
                d.schedKind(),
                d.schedChunk());
    }

    private static OfDevice fromEnvironment(int device) {
        String nt = value("OMP_NUM_THREADS", device),
                mal = value("OMP_MAX_ACTIVE_LEVELS", device),
                sched = value("OMP_SCHEDULE", device);
        int[] threads = nt == null ? null : Icv.parseNumThreads(nt);
        int levels = mal == null ? -1 : Icv.parsePositive(mal, true);
        int[] schedule = sched == null ? null : Icv.parseSchedule(sched);
        return new OfDevice(
                positive(value("OMP_NUM_TEAMS", device), env.apply("OMP_NUM_TEAMS")),
                positive(value("OMP_TEAMS_THREAD_LIMIT", device), env.apply("OMP_TEAMS_THREAD_LIMIT")),
                threads == null ? 0 : threads[0],
                positive(value("OMP_THREAD_LIMIT", device), null),
                levels < 0 ? -1 : levels,
                schedule == null ? 0 : schedule[0] & 0x7fffffff,
                schedule == null ? 0 : schedule[1]);
    }

    /** The device form of a variable that is set: _DEV_<device>, _DEV, _ALL; null when none is. */
    static String value(String name, int device) {
        for (String v :
                new String[] {env.apply(name + "_DEV_" + device), env.apply(name + "_DEV"), env.apply(name + "_ALL")})
            if (v != null && !v.isBlank()) return v;
        return null;
    }

    private static int positive(String v, String fallback) {
        int n = v == null ? -1 : Icv.parsePositive(v, false);
        if (n > 0) return n;
        n = fallback == null ? -1 : Icv.parsePositive(fallback, false);
        return Math.max(n, 0);
    }
}
