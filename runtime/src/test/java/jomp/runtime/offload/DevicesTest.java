package jomp.runtime.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;

/** The device table's plugin order: by declared priority (GPUs, then simulated, then the jvm device); JOMP_PLUGINS picks and orders. */
class DevicesTest {
    /** A plugin that is only its name and priority (ordering never calls the rest). */
    private static DevicePlugin named(String name, int priority) {
        return (DevicePlugin) java.lang.reflect.Proxy.newProxyInstance(
                DevicesTest.class.getClassLoader(),
                new Class<?>[] {DevicePlugin.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "name" -> name;
                    case "priority" -> priority;
                    case "toString" -> name;
                    case "hashCode" -> name.hashCode();
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** The three plugins with the priorities they declare (cuda 30, ptxsim 20, jvm 10), anything else 0. */
    private static DevicePlugin named(String name) {
        return named(
                name,
                switch (name) {
                    case "cuda" -> 30;
                    case "ptxsim" -> 20;
                    case "jvm" -> 10;
                    default -> 0;
                });
    }

    private static List<String> names(List<DevicePlugin> ps) {
        return ps.stream().map(DevicePlugin::name).toList();
    }

    @Test
    void withoutSelectionGpusComeFirstThenTheJvmDeviceThenOthers() {
        List<DevicePlugin> found = List.of(named("jvm"), named("other"), named("ptxsim"), named("cuda"));
        assertThat(names(Devices.ordered(found, null))).containsExactly("cuda", "ptxsim", "jvm", "other");
        assertThat(names(Devices.ordered(found, " "))).containsExactly("cuda", "ptxsim", "jvm", "other");
    }

    @Test
    void theOrderIsThePrioritiesNotTheNames() {
        List<DevicePlugin> found = List.of(
                named("b-host", 5), named("a-accelerator", 25), named("jvm"), named("ptxsim"), named("c-host", 5));
        assertThat(names(Devices.ordered(found, null)))
                .containsExactly("a-accelerator", "ptxsim", "jvm", "b-host", "c-host");
    }

    @Test
    void jompPluginsPicksAndOrders() {
        List<DevicePlugin> found = List.of(named("cuda"), named("jvm"), named("ptxsim"));
        assertThat(names(Devices.ordered(found, "ptxsim"))).containsExactly("ptxsim");
        assertThat(names(Devices.ordered(found, "jvm, PTXSIM"))).containsExactly("jvm", "ptxsim");
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertThat(names(Devices.ordered(found, "gpu,jvm"))).containsExactly("jvm");
        } finally {
            System.setErr(old);
        }
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("JOMP_PLUGINS names gpu, which is not a device plugin of this program");
    }
}
