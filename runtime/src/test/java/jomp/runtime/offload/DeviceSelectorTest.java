package jomp.runtime.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.jvm.JvmDeviceTraits;
import jomp.offload.abi.nvptx.NvptxTraits;
import org.junit.jupiter.api.Test;

/** OMP_AVAILABLE_DEVICES and OMP_DEFAULT_DEVICE's trait specifications (OpenMP 6.0 §4.3.7-4.3.8), the specification's examples among them. */
class DeviceSelectorTest {
    /** Four GPUs (cuda-0 … cuda-3), then the jvm device, numbered 0-4. */
    private static final List<DeviceSelector.Candidate> DEVICES = List.of(
            gpu(0),
            gpu(1),
            gpu(2),
            gpu(3),
            new DeviceSelector.Candidate(4, JvmDeviceTraits.CONTEXT, "unknown", "jvm-0"));

    private static DeviceSelector.Candidate gpu(int n) {
        return new DeviceSelector.Candidate(n, NvptxTraits.CONTEXT, "nvidia", "cuda-" + n);
    }

    private static List<String> available(String spec) {
        return DeviceSelector.available(spec, DEVICES).stream()
                .map(DeviceSelector.Candidate::uid)
                .toList();
    }

    @Test
    void availableDevicesSelectAndOrder() {
        assertThat(available("kind(gpu)")).containsExactly("cuda-0", "cuda-1", "cuda-2", "cuda-3");
        assertThat(available("uid(cuda-0),kind(gpu)")).containsExactly("cuda-0", "cuda-1", "cuda-2", "cuda-3");
        assertThat(available("uid(cuda-1),kind(gpu)[:2]")).containsExactly("cuda-1", "cuda-0", "cuda-2");
        assertThat(available("*")).hasSize(5);
        assertThat(available("KIND(cpu),*")).containsExactly("jvm-0", "cuda-0", "cuda-1", "cuda-2", "cuda-3");
        assertThat(available("kind(gpu)[1:2],kind(gpu)[7]")).containsExactly("cuda-1", "cuda-2");
        assertThat(available("kind(gpu)[0:2:3]")).containsExactly("cuda-0", "cuda-3");
        assertThat(available("!kind(gpu)")).containsExactly("jvm-0");
        assertThat(available("vendor(nvidia) && !(uid(cuda-0) || uid(cuda-2))")).containsExactly("cuda-1", "cuda-3");
        assertThat(available("arch(jvm64) || arch(nvptx64)")).hasSize(5);
        assertThat(available("kind(fpga)")).isEmpty();
    }

    @Test
    void malformedSpecificationsAreRefused() {
        for (String bad : new String[] {
            "kind(host)",
            "kind(gpu) && arch(nvptx) || uid(x)",
            "device_num(0)",
            "gpu",
            "kind(gpu)[",
            "kind(gpu),,*",
            "color(red)"
        })
            assertThatThrownBy(() -> DeviceSelector.available(bad, DEVICES))
                    .as(bad)
                    .isInstanceOf(DeviceSelector.Invalid.class);
    }

    private static int defaultDevice(String spec) {
        List<DeviceSelector.Candidate> withHost = new ArrayList<>(DEVICES);
        withHost.add(new DeviceSelector.Candidate(5, ContextTraits.HOST, "unknown", "host"));
        return DeviceSelector.defaultDevice(spec, withHost, 0);
    }

    @Test
    void defaultDeviceTakesTheFirstItemThatGivesADevice() {
        assertThat(defaultDevice("uid(cuda-2)")).isEqualTo(2);
        assertThat(defaultDevice("kind(cpu)")).isEqualTo(4);
        assertThat(defaultDevice("kind(host)")).isEqualTo(5);
        assertThat(defaultDevice("kind(nohost)[3]")).isEqualTo(3);
        assertThat(defaultDevice("device_num(9),uid(none),kind(gpu)[4],3")).isEqualTo(3);
        assertThat(defaultDevice("17,device_num(1)")).isEqualTo(1);
        assertThat(defaultDevice("kind(fpga),initial")).isEqualTo(Devices.INITIAL);
        assertThat(defaultDevice("kind(fpga),invalid,0")).isEqualTo(Devices.INVALID);
        assertThat(defaultDevice("kind(fpga),default")).isEqualTo(0);
        assertThat(defaultDevice("kind(fpga),uid(nothing)")).isEqualTo(Devices.INVALID);
    }
}
