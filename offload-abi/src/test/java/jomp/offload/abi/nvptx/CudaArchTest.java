package jomp.offload.abi.nvptx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** CudaArch: the one reader of sm_XX names, with each rule its callers had before (driver, back end, plugins, fat binaries). */
class CudaArchTest {
    @Test
    void namesParseIntoNumberAndSuffix() {
        assertThat(CudaArch.parse("sm_90a")).isEqualTo(new CudaArch("sm_90a", 90, "a"));
        assertThat(CudaArch.parse("sm_120").sm()).isEqualTo(120);
        assertThat(CudaArch.parse("gfx90a")).isNull();
        assertThat(CudaArch.parse("sm_")).isNull();
        assertThat(CudaArch.parse("sm_90ab")).isNull();
        assertThat(CudaArch.parse(null)).isNull();
        assertThat(CudaArch.of(86).name()).isEqualTo("sm_86");
        assertThat(CudaArch.LOWEST.name()).isEqualTo("sm_75");
        assertThat(CudaArch.smOf("sm_90a")).isEqualTo(90);
        assertThat(CudaArch.smOf("")).isZero();
    }

    @Test
    void theDriverAcceptsClangsSpellingsOnly() {
        assertThat(CudaArch.check("sm_90")).isNull();
        assertThat(CudaArch.check("sm_90a")).isNull();
        assertThat(CudaArch.check("sm_100f")).isEqualTo("unsupported CUDA gpu architecture: sm_100f");
        assertThat(CudaArch.check("gfx90a")).isEqualTo("unsupported CUDA gpu architecture: gfx90a");
    }

    @Test
    void ptxIsaIsTheLowestThatHasTheArch() {
        assertThat(CudaArch.parse("sm_75").ptxIsa()).isEqualTo("7.8");
        assertThat(CudaArch.parse("sm_90").ptxIsa()).isEqualTo("7.8");
        assertThat(CudaArch.parse("sm_90a").ptxIsa()).isEqualTo("8.0");
        assertThat(CudaArch.parse("sm_100a").ptxIsa()).isEqualTo("8.6");
        assertThat(CudaArch.parse("sm_120").ptxIsa()).isEqualTo("8.7");
        assertThat(CudaArch.parse("sm_121").ptxIsa()).isEqualTo("8.8");
        assertThat(CudaArch.parse("sm_90f").ptxTarget()).isTrue();
        assertThat(CudaArch.parse("sm_9").ptxTarget()).isFalse();
        assertThat(CudaArch.parse("sm_1000").ptxTarget()).isFalse();
        assertThat(CudaArch.parse("sm_90b").ptxTarget()).isFalse();
        assertThat(CudaArch.parse("sm_100a").llcArch()).isEqualTo("sm_90");
        assertThat(CudaArch.parse("sm_80").llcArch()).isEqualTo("sm_80");
    }

    @Test
    void ptxRunsOnItsArchAndLaterCubinsAndArchSpecificCodeOnlyOnTheirOwn() {
        assertThat(CudaArch.parse("sm_75").runsOn(true, 90)).isTrue();
        assertThat(CudaArch.parse("sm_100").runsOn(true, 90)).isFalse();
        assertThat(CudaArch.parse("sm_90a").runsOn(true, 90)).isTrue();
        assertThat(CudaArch.parse("sm_90a").runsOn(true, 100)).isFalse();
        assertThat(CudaArch.parse("sm_90").runsOn(false, 90)).isTrue();
        assertThat(CudaArch.parse("sm_80").runsOn(false, 90)).isFalse();
    }

    @Test
    void thePtxTargetDirectiveNamesTheArch() {
        assertThat(CudaArch.ofPtx("//\n.version 7.8\n.target sm_80\n.address_size 64\n")
                        .name())
                .isEqualTo("sm_80");
        assertThat(CudaArch.ofPtx("garbage")).isNull();
    }
}
