package jomp.plugin.cuda;

import jomp.runtime.plugin.DevicePlugin;

/** A kernel of a loaded module: its CUfunction and the device (plugin-local number) it lives on. */
record CudaKernel(String name, long function, int device) implements DevicePlugin.Kernel {}
