package jomp.plugin.cuda;

import java.util.function.IntSupplier;
import jomp.runtime.plugin.DevicePlugin;
import jomp.runtime.plugin.GpuPlugin;

/** A loaded CUmodule: kernels and globals by name (GpuPlugin caches the kernels). */
final class CudaModule implements GpuPlugin.Module<CudaKernel> {
    private final CudaDevice device;
    private final long module;

    CudaModule(CudaDevice device, long module) {
        this.device = device;
        this.module = module;
    }

    /** CUDA_ERROR_NOT_FOUND: the module has no symbol of that name. */
    static final int NOT_FOUND = 500;

    @Override
    public CudaKernel kernel(String name, IntSupplier execMode) {
        device.makeCurrent();
        long function;
        try {
            function = Cuda.function(module, name);
        } catch (CudaException e) {
            if (e.result() == NOT_FOUND)
                return null; // a region of an object compiled without nvptx64: it runs elsewhere
            throw e;
        }
        return new CudaKernel(name, function, device.ordinal(), Cuda.parameterSizes(function), execMode.getAsInt());
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
