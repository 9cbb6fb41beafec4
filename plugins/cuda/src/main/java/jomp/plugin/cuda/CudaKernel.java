package jomp.plugin.cuda;

import jomp.runtime.plugin.DevicePlugin;

/**
 * A kernel of a loaded module: its CUfunction, the device (plugin-local number) it lives on, and
 * the sizes of the parameters its entry declares (null when the driver cannot say).
 */
record CudaKernel(String name, long function, int device, int[] parameterSizes) implements DevicePlugin.Kernel {}
