package jomp.runtime.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MappingTableTest {
    private final MappingTable t = new MappingTable();

    @Test
    void containedRangesAreFoundAndTranslated() {
        MappingTable.Entry e = new MappingTable.Entry(1000, 1100, 50_000, 1, true);
        t.insert(e);
        assertThat(t.lookup(1000, 100)).isSameAs(e);
        assertThat(t.lookup(1040, 8)).isSameAs(e);
        assertThat(t.lookup(1040, 8).translate(1040)).isEqualTo(50_040);
        assertThat(t.lookup(1100, 8)).isNull();   // just past the end
        assertThat(t.lookup(900, 100)).isNull();  // just before
        assertThat(t.lookup(1099, 0)).isSameAs(e);   // zero-length: a pointer into it
        assertThat(t.lookup(1100, 0)).isNull();
    }

    @Test
    void partialOverlapsAreRefusedWithBothRanges() {
        t.insert(new MappingTable.Entry(1000, 1100, 50_000, 1, true));
        assertThatThrownBy(() -> t.lookup(1050, 100)).isInstanceOf(MappingTable.OverlapException.class)
            .hasMessageContaining("explicit extension not allowed").hasMessageContaining("(100 bytes)");
        assertThatThrownBy(() -> t.lookup(950, 100)).isInstanceOf(MappingTable.OverlapException.class);
        assertThatThrownBy(() -> t.lookup(900, 300)).isInstanceOf(MappingTable.OverlapException.class);   // encloses it
        assertThat(t.find(950, 100)).isNull();   // queries treat an overlap as absent
    }

    @Test
    void neighboursDoNotInterfere() {
        MappingTable.Entry a = new MappingTable.Entry(1000, 1100, 1, 1, true), b = new MappingTable.Entry(1100, 1200, 2, 1, true);
        t.insert(a);
        t.insert(b);
        assertThat(t.lookup(1100, 100)).isSameAs(b);
        assertThat(t.lookup(1000, 100)).isSameAs(a);
        t.remove(a);
        assertThat(t.lookup(1000, 100)).isNull();
        assertThat(t.entries()).containsExactly(b);
    }
}
