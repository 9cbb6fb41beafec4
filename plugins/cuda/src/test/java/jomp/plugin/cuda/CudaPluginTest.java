package jomp.plugin.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceLoader;
import jomp.offload.abi.ImageKind;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;

/** What holds with or without a GPU: absence of the driver, messages, image compatibility. */
class CudaPluginTest {
    private static final String MISSING = "libcuda-jomp-missing.so.9";

    @Test
    void missingLibraryMeansNoDevicesAndNoException() {
        assertThat(CudaLibrary.open(MISSING)).isEmpty();
        CudaPlugin plugin = new CudaPlugin(MISSING);
        assertThat(plugin.numberOfDevices()).isZero();
        assertThat(plugin.numberOfDevices()).isZero(); // asking again is fine too
        assertThatThrownBy(() -> plugin.initDevice(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 devices");
        assertThat(GpuArch.detect(MISSING)).isEmpty();
    }

    @Test
    void defaultPluginNeverThrowsAndHasNoDevicesWithoutLibcuda() {
        int n = new CudaPlugin().numberOfDevices();
        if (CudaLibrary.open(CudaLibrary.LIBCUDA).isEmpty()) {
            assertThat(n).isZero();
            assertThat(CudaSymbols.AVAILABLE).isFalse();
            assertThat(GpuArch.detect()).isEmpty();
        } else {
            assertThat(n).isEqualTo(GpuArch.detect().size());
        }
    }

    @Test
    void serviceLoaderFindsThePlugin() {
        List<DevicePlugin> plugins = ServiceLoader.load(DevicePlugin.class).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
        assertThat(plugins).anySatisfy(p -> {
            assertThat(p).isInstanceOf(CudaPlugin.class);
            assertThat(p.name()).isEqualTo("cuda");
            assertThat(p.triple()).isEqualTo("nvptx64-nvidia-cuda");
        });
    }

    @Test
    void errorMessageHasCallNameTextAndLog() {
        assertThat(CudaException.message(
                        "cuModuleLoadDataEx",
                        "CUDA_ERROR_INVALID_PTX",
                        "a PTX JIT compilation failed",
                        "ptxas application ptx input, line 7; error   : Unknown symbol '%r99'\n"))
                .isEqualTo("cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed): "
                        + "ptxas application ptx input, line 7; error   : Unknown symbol '%r99'");
        assertThat(CudaException.message("cuMemAlloc_v2", "CUDA_ERROR_OUT_OF_MEMORY", "out of memory", ""))
                .isEqualTo("cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY (out of memory)");
        assertThat(CudaException.message("cuInit", "CUDA error 999", "", null)).isEqualTo("cuInit: CUDA error 999");
    }

    @Test
    void failureWithoutDriverNamesTheNumber() {
        if (CudaSymbols.AVAILABLE) return; // with a driver, CudaGpuTest checks the real names
        CudaException e = Cuda.failure("cuMemAlloc_v2", 2, null);
        assertThat(e).hasMessage("cuMemAlloc_v2: CUDA error 2");
        assertThat(e.call()).isEqualTo("cuMemAlloc_v2");
        assertThat(e.result()).isEqualTo(2);
    }

    @Test
    void ptxRunsOnItsArchAndLaterCubinOnlyOnItsOwn() {
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, "sm_75", 90)).isTrue();
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, "sm_90", 90)).isTrue();
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, "sm_100", 90)).isFalse();
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, "sm_90a", 90)).isTrue();
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, "sm_90a", 100)).isFalse();
        assertThat(CudaPlugin.runsOn(ImageKind.CUBIN, "sm_90", 90)).isTrue();
        assertThat(CudaPlugin.runsOn(ImageKind.CUBIN, "sm_80", 90)).isFalse();
        assertThat(CudaPlugin.runsOn(ImageKind.CUBIN, "sm_100", 90)).isFalse();
        assertThat(CudaPlugin.runsOn(ImageKind.JVM_CLASSES, "sm_75", 90)).isFalse();
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, "gfx90a", 90)).isFalse();
        assertThat(CudaPlugin.runsOn(ImageKind.PTX, null, 90)).isFalse();
    }

    @Test
    void ptxTargetIsReadFromTheText() {
        byte[] ptx = "// c\n.version 7.8\n.target sm_80\n.address_size 64\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(CudaPlugin.ptxTarget(ptx)).isEqualTo("sm_80");
        assertThat(CudaPlugin.ptxTarget("garbage".getBytes(StandardCharsets.US_ASCII)))
                .isNull();
    }
}
