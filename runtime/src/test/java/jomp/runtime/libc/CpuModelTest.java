package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * __builtin_cpu_is's answers for processors other than the one the tests run on (run/358 compares
 * that one with gcc's libgcc): the published family and model numbers of each processor give its
 * vendor, type and subtype, and the flags tell apart the processors that share a model number.
 */
class CpuModelTest {
    private static Set<String> intel(int model, String... flags) {
        return CpuModel.names("GenuineIntel", 6, model, Set.of(flags));
    }

    private static Set<String> amd(int family, int model, String... flags) {
        return CpuModel.names("AuthenticAMD", family, model, Set.of(flags));
    }

    @Test
    void intelCoreProcessorsAreCorei7WithTheirSubtype() {
        assertThat(intel(0x3c)).containsExactlyInAnyOrder("intel", "corei7", "haswell"); // i7-4770
        assertThat(intel(0x9e)).containsExactlyInAnyOrder("intel", "corei7", "skylake"); // Kaby/Coffee Lake
        assertThat(intel(0x8f)).containsExactlyInAnyOrder("intel", "corei7", "sapphirerapids");
        assertThat(intel(0xb7)).containsExactlyInAnyOrder("intel", "corei7", "alderlake"); // Raptor Lake
        assertThat(intel(0xa7)).containsExactlyInAnyOrder("intel", "corei7", "rocketlake");
        assertThat(intel(0x1a)).containsExactlyInAnyOrder("intel", "corei7", "nehalem");
    }

    @Test
    void skylakeServerCascadeAndCooperLakeShareModel55() {
        assertThat(intel(0x55, "avx512f")).contains("corei7", "skylake-avx512");
        assertThat(intel(0x55, "avx512f", "avx512_vnni"))
                .contains("cascadelake")
                .doesNotContain("skylake-avx512");
        assertThat(intel(0x55, "avx512_vnni", "avx512_bf16"))
                .contains("cooperlake")
                .doesNotContain("cascadelake");
    }

    @Test
    void atomsAndXeonPhisAreTheirOwnTypes() {
        assertThat(intel(0x1c)).containsExactlyInAnyOrder("intel", "bonnell");
        assertThat(intel(0x4c)).containsExactlyInAnyOrder("intel", "silvermont"); // Airmont
        assertThat(intel(0x5c)).containsExactlyInAnyOrder("intel", "goldmont");
        assertThat(intel(0x57)).containsExactlyInAnyOrder("intel", "knl");
        assertThat(intel(0x17)).containsExactlyInAnyOrder("intel", "core2"); // Penryn
        assertThat(intel(0xaf)).containsExactlyInAnyOrder("intel", "sierraforest");
    }

    @Test
    void unknownModelsAndOtherFamiliesAreOnlyTheVendor() {
        assertThat(intel(0x01)).containsExactly("intel");
        assertThat(CpuModel.names("GenuineIntel", 15, 4, Set.of())).containsExactly("intel"); // Pentium 4
        assertThat(CpuModel.names("HygonGenuine", 0x18, 0, Set.of())).isEmpty();
    }

    @Test
    void amdFamiliesAndTheirModels() {
        assertThat(amd(0x10, 2)).containsExactlyInAnyOrder("amd", "amdfam10h", "barcelona");
        assertThat(amd(0x10, 9)).containsExactlyInAnyOrder("amd", "amdfam10h");
        assertThat(amd(0x14, 1)).containsExactlyInAnyOrder("amd", "btver1");
        assertThat(amd(0x15, 0x01)).contains("amdfam15h", "bdver1");
        assertThat(amd(0x15, 0x02)).contains("bdver2");
        assertThat(amd(0x15, 0x13)).contains("bdver2");
        assertThat(amd(0x15, 0x30)).contains("bdver3");
        assertThat(amd(0x15, 0x65)).contains("bdver4");
        assertThat(amd(0x16, 0)).containsExactlyInAnyOrder("amd", "btver2");
        assertThat(amd(0x17, 0x01)).contains("amdfam17h", "znver1"); // Naples
        assertThat(amd(0x17, 0x08)).contains("znver1"); // Zen+
        assertThat(amd(0x17, 0x31)).contains("znver2"); // Rome
        assertThat(amd(0x19, 0x01)).contains("amdfam19h", "znver3"); // Milan
        assertThat(amd(0x19, 0x21, "vaes")).contains("znver3"); // Vermeer
        assertThat(amd(0x19, 0x21)).containsExactlyInAnyOrder("amd", "amdfam19h");
        assertThat(amd(0x19, 0x11)).contains("znver4"); // Genoa
        assertThat(amd(0x19, 0x61)).contains("znver4"); // Raphael
        assertThat(amd(0x1a, 0x02)).containsExactlyInAnyOrder("amd", "amdfam1ah", "znver5");
    }
}
