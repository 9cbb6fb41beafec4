package jomp.runtime.plugin;

/**
 * A kernel of an image a {@link GpuPlugin} loaded: the device (plugin-local number) it lives on,
 * its {@code <name>_exec_mode} ({@link LaunchGeometry}'s EXEC_MODE_*, 0 when the image has none),
 * and the parameters its entry declares, which every launch must meet.
 */
public interface GpuKernel extends DevicePlugin.Kernel {
    int device();

    int execMode();

    /** The byte size of each parameter the entry declares; null when the driver cannot say. */
    int[] parameterSizes();

    /** The name of parameter {@code i} for messages, or null when the plugin does not know it. */
    default String parameterName(int i) {
        return null;
    }
}
