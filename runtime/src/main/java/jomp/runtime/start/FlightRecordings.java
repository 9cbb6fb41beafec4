package jomp.runtime.start;

/**
 * Flight recordings started with the JVM's options ({@code -XX:StartFlightRecording=filename=...},
 * through JOMP_JAVA_OPTS), written when the program exits through glibc's exit: once a program
 * has called native code, exit is glibc's (jomp.runtime.libc.Stdlib), which ends the process with
 * _exit after its handlers, so the JVM's shutdown hooks, JFR's dump among them, never run. The
 * runtime's last exit handler stops each running recording that has a file, which writes it, as
 * JFR's own hook would have.
 */
public final class FlightRecordings {
    private FlightRecordings() {}

    /**
     * Whether JFR may be recording: options were given to the JVM (they are how a recording
     * starts with the program) and the recorder is up. Without options nothing is loaded.
     */
    public static boolean active() {
        boolean options = false;
        for (String v : new String[] {"JOMP_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"}) {
            String o = System.getenv(v);
            if (o != null && !o.isBlank()) options = true;
        }
        if (!options) return false;
        try {
            return jdk.jfr.FlightRecorder.isInitialized();
        } catch (LinkageError e) { // a JVM without the jdk.jfr module
            return false;
        }
    }

    /** Stops the running recordings that have a destination file, which writes them there. */
    public static void writeAll() {
        if (!active()) return;
        for (jdk.jfr.Recording r : jdk.jfr.FlightRecorder.getFlightRecorder().getRecordings()) {
            if (r.getState() != jdk.jfr.RecordingState.RUNNING || r.getDestination() == null) continue;
            try {
                r.stop();
            } catch (RuntimeException e) {
                System.err.println("jomp: flight recording " + r.getName() + " not written: " + e.getMessage());
            }
        }
    }
}
