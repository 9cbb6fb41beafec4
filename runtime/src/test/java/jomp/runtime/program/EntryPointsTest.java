package jomp.runtime.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import jomp.offload.abi.EntryPoints;
import org.junit.jupiter.api.Test;

/**
 * The link names compiled code calls (jomp.offload.abi.EntryPoints) and the runtime's
 * {@code __jomp_}/{@code __tgt_} C functions are the same set, each defined once.
 */
class EntryPointsTest {
    @Test
    void theAbiListsExactlyTheRuntimesEntryPoints() {
        List<String> defined = new ArrayList<>();
        for (Class<?> c : CFunctions.CLASSES)
            for (Method m : c.getDeclaredMethods())
                if ((m.getName().startsWith("__jomp_") || m.getName().startsWith("__tgt_"))
                        && Modifier.isPublic(m.getModifiers())
                        && Modifier.isStatic(m.getModifiers())) defined.add(m.getName());
        assertThat(defined).doesNotHaveDuplicates();
        assertThat(EntryPoints.ALL).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(defined);
        for (String name : EntryPoints.ALL)
            assertThat(CFunctions.find(name)).as(name).isNotNull();
    }
}
