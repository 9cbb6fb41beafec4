package jomp.runtime.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jomp.offload.abi.EntryPoints;

/** Every link name the OpenMP lowering calls (jomp.offload.abi.EntryPoints) is a C function of the runtime, once. */
class EntryPointsTest {
    @Test
    void everyEntryPointIsOnePublicStaticMethodOfTheCLibrary() {
        for (String name : EntryPoints.ALL) {
            List<Method> found = new ArrayList<>();
            for (Class<?> c : CFunctions.CLASSES)
                for (Method m : c.getDeclaredMethods())
                    if (m.getName().equals(name) && Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) found.add(m);
            assertThat(found).as(name).hasSize(1);
        }
    }
}
