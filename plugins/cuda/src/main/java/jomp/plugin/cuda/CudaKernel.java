package jomp.plugin.cuda;

import jomp.runtime.plugin.GpuKernel;

/**
 * A kernel of a loaded module: its CUfunction, the device (plugin-local number) it lives on, and
 * the sizes of the parameters its entry declares (null when the driver cannot say), and its
 * {@code <name>_exec_mode} (LaunchGeometry's EXEC_MODE_*, 0 when the module has none).
 */
record CudaKernel(String name, long function, int device, int[] parameterSizes, int execMode) implements GpuKernel {}
