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

    @Override
    public DevicePlugin.Kernel kernel(String name) {
        CudaKernel k = kernels.get(name);
        if (k != null) return k;
        device.makeCurrent();
        k = new CudaKernel(name, Cuda.function(module, name), device.ordinal);
        CudaKernel previous = kernels.putIfAbsent(name, k);
        return previous != null ? previous : k;
    }

    @Override
    public DevicePlugin.GlobalSymbol global(String name) {
        device.makeCurrent();
        long[] g = Cuda.global(module, name);
        return new DevicePlugin.GlobalSymbol(name, g[0], g[1]);
    }
}
