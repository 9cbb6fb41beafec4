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

    /** target-offload-var: MANDATORY, DISABLED or DEFAULT. */
    public static final String TARGET_OFFLOAD = targetOffload(System.getenv("OMP_TARGET_OFFLOAD"));

    /** OMP_TARGET_OFFLOAD's value (case-insensitive, as libomptarget reads it); DEFAULT when unset or unknown. */
    public static String targetOffload(String v) {
        if (v == null || v.isBlank()) return "DEFAULT";
        String t = v.trim().toUpperCase(Locale.ROOT);
        if (t.equals("MANDATORY") || t.equals("DISABLED") || t.equals("DEFAULT")) return t;
        System.err.println("omptarget message: ignoring OMP_TARGET_OFFLOAD=" + v + " (expected MANDATORY, DISABLED or DEFAULT)");
        return "DEFAULT";
    }

    /** OMP_DEFAULT_DEVICE: a device number, or (OpenMP 5.2) initial or invalid. */
    static int defaultDevice(String v) {
        if (v == null || v.isBlank()) return 0;
        String t = v.trim().toLowerCase(Locale.ROOT);
        if (t.equals("initial")) return INITIAL;
        if (t.equals("invalid")) return INVALID;
        try {
            int n = Integer.parseInt(t);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // below
        }
        System.err.println("omptarget message: ignoring OMP_DEFAULT_DEVICE=" + v + " (not a device number, initial or invalid)");
        return 0;
    }
}
