package jomp.plugin.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The CUDA driver functions as downcall handles, in static finals so the JIT can inline the
 * calls. Every function returns a CUresult (int). Handles (CUcontext, CUmodule, CUfunction,
 * CUstream), device pointers and host addresses are passed as 64-bit integers: on the 64-bit
 * ABIs the JDK supports a pointer travels exactly like a long, and it saves wrapping each
 * address in a MemorySegment. Out-parameters are real pointers (ADDRESS). The names are the
 * versioned symbols cuda.h maps the plain names to.
 */
final class CudaSymbols {
    private CudaSymbols() {}

    private static final SymbolLookup LIB =
            CudaLibrary.open(CudaLibrary.LIBCUDA).orElse(null);
    private static final List<String> MISSING = new ArrayList<>();

    static final MethodHandle cuInit = bind("cuInit", JAVA_INT);
    static final MethodHandle cuDeviceGetCount = bind("cuDeviceGetCount", ADDRESS);
    static final MethodHandle cuDeviceGet = bind("cuDeviceGet", ADDRESS, JAVA_INT);
    static final MethodHandle cuDeviceGetName = bind("cuDeviceGetName", ADDRESS, JAVA_INT, JAVA_INT);
    static final MethodHandle cuDeviceTotalMem = bind("cuDeviceTotalMem_v2", ADDRESS, JAVA_INT);
    static final MethodHandle cuDeviceGetAttribute = bind("cuDeviceGetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
    static final MethodHandle cuDevicePrimaryCtxRetain = bind("cuDevicePrimaryCtxRetain", ADDRESS, JAVA_INT);
    static final MethodHandle cuCtxSetCurrent = bind("cuCtxSetCurrent", JAVA_LONG);
    static final MethodHandle cuCtxSynchronize = bind("cuCtxSynchronize");
    static final MethodHandle cuModuleLoadDataEx =
            bind("cuModuleLoadDataEx", ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS);
    static final MethodHandle cuModuleGetFunction = bind("cuModuleGetFunction", ADDRESS, JAVA_LONG, ADDRESS);
    static final MethodHandle cuModuleGetGlobal = bind("cuModuleGetGlobal_v2", ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
    static final MethodHandle cuMemAlloc = bind("cuMemAlloc_v2", ADDRESS, JAVA_LONG);
    static final MethodHandle cuMemFree = bind("cuMemFree_v2", JAVA_LONG);
    static final MethodHandle cuMemcpyHtoD = bind("cuMemcpyHtoD_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG);
    static final MethodHandle cuMemcpyDtoH = bind("cuMemcpyDtoH_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG);
    static final MethodHandle cuMemcpyDtoD = bind("cuMemcpyDtoD_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG);
    /** (f, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedMemBytes, stream, kernelParams, extra). */
    static final MethodHandle cuLaunchKernel = bind(
            "cuLaunchKernel",
            JAVA_LONG,
            JAVA_INT,
            JAVA_INT,
            JAVA_INT,
            JAVA_INT,
            JAVA_INT,
            JAVA_INT,
            JAVA_INT,
            JAVA_LONG,
            JAVA_LONG,
            JAVA_LONG);

    static final MethodHandle cuMemAllocManaged = bind("cuMemAllocManaged", ADDRESS, JAVA_LONG, JAVA_INT);
    static final MethodHandle cuStreamCreate = bind("cuStreamCreate", ADDRESS, JAVA_INT);
    static final MethodHandle cuStreamSynchronize = bind("cuStreamSynchronize", JAVA_LONG);
    static final MethodHandle cuStreamDestroy = bind("cuStreamDestroy_v2", JAVA_LONG);
    /**
     * (f, paramIndex, *offset, *size): CUDA 12.4's query of a kernel's parameters, the launch's check
     * that it passes what the entry declares; optional (null with an older driver).
     */
    static final MethodHandle cuFuncGetParamInfo =
            bindOptional("cuFuncGetParamInfo", JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS);

    static final MethodHandle cuGetErrorName = bind("cuGetErrorName", JAVA_INT, ADDRESS);
    static final MethodHandle cuGetErrorString = bind("cuGetErrorString", JAVA_INT, ADDRESS);

    /** True when libcuda was found and has every function above. */
    static final boolean AVAILABLE = LIB != null && reportMissing();

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static MethodHandle bind(String name, java.lang.foreign.MemoryLayout... args) {
        if (LIB == null) return null;
        var symbol = LIB.find(name);
        if (symbol.isEmpty()) {
            MISSING.add(name);
            return null;
        }
        return Linker.nativeLinker().downcallHandle(symbol.get(), FunctionDescriptor.of(JAVA_INT, args));
    }

    /** A function the plugin can do without: null when this driver lacks it. */
    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static MethodHandle bindOptional(String name, java.lang.foreign.MemoryLayout... args) {
        if (LIB == null) return null;
        return LIB.find(name)
                .map(symbol -> Linker.nativeLinker().downcallHandle(symbol, FunctionDescriptor.of(JAVA_INT, args)))
                .orElse(null);
    }

    private static boolean reportMissing() {
        if (MISSING.isEmpty()) return true;
        CudaLibrary.debug(
                CudaLibrary.LIBCUDA + " lacks " + String.join(", ", MISSING) + "; the cuda plugin has no devices");
        return false;
    }
}
