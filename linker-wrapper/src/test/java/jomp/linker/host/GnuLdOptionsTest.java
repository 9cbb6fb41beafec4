package jomp.linker.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** ld's options as build systems spell them: long options after one dash or two, values joined or apart. */
class GnuLdOptionsTest {
    @Test
    void longOptionsTakeOneDashOrTwo() {
        // libtool: -Wl,-version-script -Wl,libjq.ver
        assertThat(GnuLdOptions.ignored(List.of("-version-script", "libjq.ver"), 0))
                .isEqualTo(2);
        assertThat(GnuLdOptions.ignored(List.of("--version-script", "x.ver"), 0))
                .isEqualTo(2);
        assertThat(GnuLdOptions.ignored(List.of("-version-script=x.ver"), 0)).isEqualTo(1);
        assertThat(GnuLdOptions.ignored(List.of("-export-dynamic"), 0)).isEqualTo(1);
        assertThat(GnuLdOptions.ignored(List.of("-no-undefined"), 0)).isEqualTo(1);
        assertThat(GnuLdOptions.ignored(List.of("-soname", "libx.so.1"), 0)).isEqualTo(2);
    }

    @Test
    void unknownAndOutputOptionsAreNotIgnored() {
        assertThat(GnuLdOptions.ignored(List.of("-version-scrip", "x"), 0)).isZero();
        assertThat(GnuLdOptions.ignored(List.of("-output", "x"), 0)).isZero(); // ld reads -o utput
        assertThat(GnuLdOptions.ignored(List.of("-lfoo"), 0)).isZero();
    }
}
