package jomp.runtime.offload;

/** The offload ICVs for the host runtime's reports (OMP_DISPLAY_ENV): target-offload-var. */
public final class OffloadEnv {
    private OffloadEnv() {}

    /** OMP_TARGET_OFFLOAD's value in effect: MANDATORY, DISABLED or DEFAULT. */
    public static String policy() { return Devices.POLICY.name(); }
}
