package jomp.plugin.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static jomp.plugin.cuda.CudaSymbols.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Typed wrappers over {@link CudaSymbols}: each checks the CUresult and turns a failure into a
 * {@link CudaException}. Only call these when {@link CudaSymbols#AVAILABLE} is true.
 */
final class Cuda {
    private Cuda() {}

    static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
    static final int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
    static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
    static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;

    static final int CU_JIT_INFO_LOG_BUFFER = 3;
    static final int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
    static final int CU_JIT_ERROR_LOG_BUFFER = 5;
    static final int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
    private static final int JIT_LOG_BYTES = 16 * 1024;

    /** The context current on each thread, so cuCtxSetCurrent runs once per thread and context. */
    private static final ThreadLocal<long[]> CURRENT = ThreadLocal.withInitial(() -> new long[1]);
    /** Per-thread memory for kernel arguments and their {@code extra} array; the driver copies them during cuLaunchKernel. */
    private static final ThreadLocal<MemorySegment[]> LAUNCH_SCRATCH =
            ThreadLocal.withInitial(() -> new MemorySegment[1]);

    static void init() {
        try {
            check((int) cuInit.invokeExact(0), "cuInit", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static int deviceCount() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) cuDeviceGetCount.invokeExact(out), "cuDeviceGetCount", null);
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static int device(int ordinal) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) cuDeviceGet.invokeExact(out, ordinal), "cuDeviceGet", null);
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static String deviceName(int device) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(256);
            check((int) cuDeviceGetName.invokeExact(out, 256, device), "cuDeviceGetName", null);
            return out.getString(0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static long totalMemory(int device) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_LONG);
            check((int) cuDeviceTotalMem.invokeExact(out, device), "cuDeviceTotalMem_v2", null);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static int attribute(int device, int attribute) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) cuDeviceGetAttribute.invokeExact(out, attribute, device), "cuDeviceGetAttribute", null);
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static long retainPrimaryContext(int device) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            check((int) cuDevicePrimaryCtxRetain.invokeExact(out, device), "cuDevicePrimaryCtxRetain", null);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    /** Makes a context current on the calling thread (a no-op when it already is). */
    static void makeCurrent(long context) {
        long[] current = CURRENT.get();
        if (current[0] == context) return;
        try {
            check((int) cuCtxSetCurrent.invokeExact(context), "cuCtxSetCurrent", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
        current[0] = context;
    }

    static void synchronize() {
        try {
            check((int) cuCtxSynchronize.invokeExact(), "cuCtxSynchronize", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    /**
     * Loads PTX (JIT-compiled by the driver) or a cubin. The JIT's error log goes into the
     * exception on failure; its info log goes to the debug output.
     */
    static long loadModule(byte[] image) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment data = a.allocate(image.length + 1L); // PTX must end in NUL
            MemorySegment.copy(image, 0, data, JAVA_BYTE, 0, image.length);
            MemorySegment info = a.allocate(JIT_LOG_BYTES);
            MemorySegment error = a.allocate(JIT_LOG_BYTES);
            MemorySegment options = a.allocate(JAVA_INT, 4);
            MemorySegment values = a.allocate(ADDRESS, 4);
            options.setAtIndex(JAVA_INT, 0, CU_JIT_INFO_LOG_BUFFER);
            values.setAtIndex(ADDRESS, 0, info);
            options.setAtIndex(JAVA_INT, 1, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
            values.setAtIndex(JAVA_LONG, 1, JIT_LOG_BYTES);
            options.setAtIndex(JAVA_INT, 2, CU_JIT_ERROR_LOG_BUFFER);
            values.setAtIndex(ADDRESS, 2, error);
            options.setAtIndex(JAVA_INT, 3, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
            values.setAtIndex(JAVA_LONG, 3, JIT_LOG_BYTES);
            MemorySegment out = a.allocate(ADDRESS);
            int result = (int) cuModuleLoadDataEx.invokeExact(out, data, 4, options, values);
            String infoLog = info.getString(0);
            if (!infoLog.isBlank()) CudaLibrary.debug("JIT: " + infoLog.strip());
            check(result, "cuModuleLoadDataEx", error.getString(0));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static long function(long module, String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            check(
                    (int) cuModuleGetFunction.invokeExact(out, module, a.allocateFrom(name)),
                    "cuModuleGetFunction(" + name + ")",
                    null);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    /** Address and size of a global: {address, bytes}. */
    static long[] global(long module, String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment address = a.allocate(JAVA_LONG);
            MemorySegment bytes = a.allocate(JAVA_LONG);
            check(
                    (int) cuModuleGetGlobal.invokeExact(address, bytes, module, a.allocateFrom(name)),
                    "cuModuleGetGlobal_v2(" + name + ")",
                    null);
            return new long[] {address.get(JAVA_LONG, 0), bytes.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static final int CUDA_ERROR_OUT_OF_MEMORY = 2;

    /** cuMemAlloc: the device address, or 0 when the device has no room for {@code size} bytes. */
    static long alloc(long size) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_LONG);
            int result = (int) cuMemAlloc.invokeExact(out, size);
            if (result == CUDA_ERROR_OUT_OF_MEMORY)
                return 0; // as libomptarget's plugin: nullptr, and omp_target_alloc gives NULL
            check(result, "cuMemAlloc_v2", null);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    /** Managed memory (cuMemAllocManaged, attached globally): one address valid on the host and on every device. */
    static long allocManaged(long size) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_LONG);
            check((int) cuMemAllocManaged.invokeExact(out, size, CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged", null);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static final int CU_MEM_ATTACH_GLOBAL = 1, CU_STREAM_NON_BLOCKING = 1;
    /** Can the device access pageable host memory (HMM or ATS): host pointers work in kernels. */
    static final int CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88;

    /** A stream of its own, for an interop object's targetsync. */
    static long streamCreate() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            check((int) cuStreamCreate.invokeExact(out, CU_STREAM_NON_BLOCKING), "cuStreamCreate", null);
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void streamSynchronize(long stream) {
        try {
            check((int) cuStreamSynchronize.invokeExact(stream), "cuStreamSynchronize", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void streamDestroy(long stream) {
        try {
            check((int) cuStreamDestroy.invokeExact(stream), "cuStreamDestroy_v2", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void free(long devicePointer) {
        try {
            check((int) cuMemFree.invokeExact(devicePointer), "cuMemFree_v2", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void copyHostToDevice(long dst, long src, long size) {
        try {
            check((int) cuMemcpyHtoD.invokeExact(dst, src, size), "cuMemcpyHtoD_v2", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void copyDeviceToHost(long dst, long src, long size) {
        try {
            check((int) cuMemcpyDtoH.invokeExact(dst, src, size), "cuMemcpyDtoH_v2", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void copyDeviceToDevice(long dst, long src, long size) {
        try {
            check((int) cuMemcpyDtoD.invokeExact(dst, src, size), "cuMemcpyDtoD_v2", null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    /** cuLaunchKernel's {@code extra} markers: the arguments as one buffer, as libomptarget's CUDA plugin passes them. */
    static final long CU_LAUNCH_PARAM_END = 0, CU_LAUNCH_PARAM_BUFFER_POINTER = 1, CU_LAUNCH_PARAM_BUFFER_SIZE = 2;

    /**
     * Launches on the default stream. The arguments, 8 bytes each, go in one buffer through
     * {@code extra} with its size (the kernel's parameter buffer: one 8-byte parameter per
     * argument), so that the driver sees how many bytes the launch passes.
     */
    static void launch(long function, int grid, int block, long[] args) {
        int n = args.length;
        MemorySegment[] slot = LAUNCH_SCRATCH.get();
        if (slot[0] == null || slot[0].byteSize() < 8L * n + 48)
            slot[0] = Arena.ofAuto().allocate(8L * Math.max(n, 16) + 48, 8);
        MemorySegment s = slot[0];
        long base = s.address();
        for (int i = 0; i < n; i++) s.setAtIndex(JAVA_LONG, i, args[i]);
        long size = base + 8L * n, extra = size + 8; // the buffer's size, then the extra array
        s.set(JAVA_LONG, 8L * n, 8L * n);
        s.set(JAVA_LONG, 8L * n + 8, CU_LAUNCH_PARAM_BUFFER_POINTER);
        s.set(JAVA_LONG, 8L * n + 16, base);
        s.set(JAVA_LONG, 8L * n + 24, CU_LAUNCH_PARAM_BUFFER_SIZE);
        s.set(JAVA_LONG, 8L * n + 32, size);
        s.set(JAVA_LONG, 8L * n + 40, CU_LAUNCH_PARAM_END);
        try {
            check(
                    (int) cuLaunchKernel.invokeExact(function, grid, 1, 1, block, 1, 1, 0, 0L, 0L, extra),
                    "cuLaunchKernel",
                    null);
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static final int CUDA_ERROR_INVALID_VALUE = 1;

    /**
     * The sizes of a kernel's parameters as its image declares them (cuFuncGetParamInfo, CUDA
     * 12.4), or null when the driver cannot say.
     */
    static int[] parameterSizes(long function) {
        if (cuFuncGetParamInfo == null) return null;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment offset = a.allocate(JAVA_LONG), size = a.allocate(JAVA_LONG);
            java.util.List<Integer> sizes = new java.util.ArrayList<>();
            for (long i = 0; ; i++) {
                int result = (int) cuFuncGetParamInfo.invokeExact(function, i, offset, size);
                if (result == CUDA_ERROR_INVALID_VALUE) break; // past the last parameter
                if (result != 0) return null;
                sizes.add((int) size.get(JAVA_LONG, 0));
            }
            int[] out = new int[sizes.size()];
            for (int i = 0; i < out.length; i++) out[i] = sizes.get(i);
            return out;
        } catch (Throwable t) {
            throw unchecked(t);
        }
    }

    static void check(int result, String call, String log) {
        if (result != 0) throw failure(call, result, log);
    }

    static CudaException failure(String call, int result, String log) {
        return new CudaException(
                call,
                result,
                errorText(cuGetErrorName, result, "CUDA error " + result),
                errorText(cuGetErrorString, result, ""),
                log);
    }

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static String errorText(java.lang.invoke.MethodHandle h, int result, String fallback) {
        if (h == null) return fallback; // no driver: only the number is known
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            if ((int) h.invokeExact(result, out) != 0) return fallback;
            MemorySegment s = out.get(ADDRESS, 0);
            return s.equals(MemorySegment.NULL) ? fallback : s.reinterpret(4096).getString(0);
        } catch (Throwable t) {
            return fallback;
        }
    }

    private static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }
}
