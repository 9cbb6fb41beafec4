package jomp.plugin.cuda;

import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.plugin.DevicePlugin;

/** A loaded CUmodule: kernels and globals by name, looked up once and cached. */
final class CudaModule implements DevicePlugin.LoadedImage {
    private final CudaDevice device;
    private final long module;
    private final ConcurrentHashMap<String, CudaKernel> kernels = new ConcurrentHashMap<>();

    CudaModule(CudaDevice device, long module) {
        this.device = device;
        this.module = module;
    }

    /** CUDA_ERROR_NOT_FOUND: the module has no symbol of that name. */
    static final int NOT_FOUND = 500;

    @Override
    public DevicePlugin.Kernel kernel(String name) {
        CudaKernel k = kernels.get(name);
        if (k != null) return k;
        device.makeCurrent();
        long function;
        try {
            function = Cuda.function(module, name);
        } catch (CudaException e) {
            if (e.result() == NOT_FOUND) return null;   // a region of an object compiled without nvptx64: it runs elsewhere
            throw e;
        }
        k = new CudaKernel(name, function, device.ordinal, Cuda.parameterSizes(function), execMode(name));
        CudaKernel previous = kernels.putIfAbsent(name, k);
        return previous != null ? previous : k;
    }

    /** The byte of the kernel's {@code <name>_exec_mode} global (0 when there is none). */
    private int execMode(String kernel) {
        DevicePlugin.GlobalSymbol g = global(kernel + "_exec_mode");
        if (g == null || g.size() < 1) return 0;
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment b = a.allocate(1);
            Cuda.copyDeviceToHost(b.address(), g.deviceAddress(), 1);
            return b.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0);
        }
    }

    @Override
    public DevicePlugin.GlobalSymbol global(String name) {
        device.makeCurrent();
        try {
            long[] g = Cuda.global(module, name);
            return new DevicePlugin.GlobalSymbol(name, g[0], g[1]);
        } catch (CudaException e) {
            if (e.result() == NOT_FOUND) return null;
            throw e;
        }
    }
}
