package jomp.linker.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Version nodes, the version a name gets, and ld's errors (the end-to-end comparison with ld is SymbolVersionsTest). */
class VersionScriptTest {
    private static VersionScript parse(String... texts) throws LinkInputs.InputError {
        VersionScript v = new VersionScript();
        for (String t : texts) v.parse("x.map", t);
        return v;
    }

    @Test
    void namesGetTheVersionOfTheirBestGlobalMatch() throws Exception {
        VersionScript v = parse("""
                VERS_1 { global: api_*; exact; local: *; };
                VERS_2 { global: api_new; extern "C++" { "ns::f()"; }; } VERS_1;
                """);
        assertThat(v.nodes())
                .containsExactly(
                        new VersionScript.Node("VERS_1", List.of()),
                        new VersionScript.Node("VERS_2", List.of("VERS_1")));
        assertThat(v.decide("api_new")).isEqualTo(new VersionScript.Decision(true, "VERS_2")); // exact beats api_*
        assertThat(v.decide("api_old")).isEqualTo(new VersionScript.Decision(true, "VERS_1"));
        assertThat(v.decide("helper").exported()).isFalse();
        assertThat(v.decide("ns::f()").exported()).isFalse(); // C++ patterns match no C name
    }

    @Test
    void aVersionedNameIsMatchedAgainstItsOwnNode() throws Exception {
        VersionScript v = parse("VERS_1 { global: f; local: *; };", "VERS_2 { local: g; } VERS_1;");
        assertThat(v.decideVersioned("f", "VERS_1")).isTrue();
        assertThat(v.decideVersioned("g", "VERS_1")).isFalse(); // VERS_1's local: *
        assertThat(v.decideVersioned("g", "VERS_2")).isFalse();
        assertThat(v.decideVersioned("h", "VERS_2")).isTrue();
        assertThat(v.hasNode("VERS_2")).isTrue();
        assertThat(v.hasNode("VERS_3")).isFalse();
    }

    @Test
    void errorsAreLds() {
        assertThatThrownBy(() -> parse("V1 { global: a; }; V1 { global: b; };"))
                .hasMessage("duplicate version tag `V1'");
        assertThatThrownBy(() -> parse("V2 { global: a; } V0;")).hasMessage("unable to find version dependency `V0'");
        assertThatThrownBy(() -> parse("{ global: a; }; V1 { global: b; };"))
                .hasMessage("anonymous version tag cannot be combined with other version tags");
        assertThatThrownBy(() -> parse("V1 { global: a; ")).hasMessage("x.map: syntax error in VERSION script");
    }
}
