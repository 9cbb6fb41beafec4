package jomp.runtime.offload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** lookups as libomptarget's lookupMapping answers them. */
class MappingTableTest {
    private final MappingTable t = new MappingTable();

    private static MappingTable.Entry entry(long begin, long end, long tgt) {
        return new MappingTable.Entry(begin, begin, end, tgt, tgt, false, 0, true);
    }

    @Test
    void containedRangesAreFoundAndTranslated() {
        MappingTable.Entry e = entry(1000, 1100, 50_000);
        t.insert(e);
        assertThat(t.lookup(1000, 100).entry()).isSameAs(e);
        assertThat(t.lookup(1040, 8).contained()).isTrue();
        assertThat(t.find(1040, 8).translate(1040)).isEqualTo(50_040);
        assertThat(t.lookup(1100, 8).entry()).isNull(); // just past the end
        assertThat(t.lookup(900, 100).entry()).isNull(); // just before
        assertThat(t.find(1099, 0)).isSameAs(e); // zero-length: a pointer into it
        assertThat(t.find(1100, 0)).isNull();
    }

    @Test
    void partialOverlapsSayOnWhichSide() {
        MappingTable.Entry e = entry(1000, 1100, 50_000);
        t.insert(e);
        MappingTable.Lookup after = t.lookup(1050, 100);
        assertThat(after.entry()).isSameAs(e);
        assertThat(after.contained()).isFalse();
        assertThat(after.extendsAfter()).isTrue();
        MappingTable.Lookup before = t.lookup(950, 100);
        assertThat(before.extendsBefore()).isTrue();
        assertThat(before.extendsAfter()).isFalse();
        MappingTable.Lookup around = t.lookup(900, 300); // encloses it
        assertThat(around.extendsBefore()).isTrue();
        assertThat(around.extendsAfter()).isTrue();
        assertThat(t.find(950, 100)).isNull(); // queries treat an overlap as absent
    }

    @Test
    void aZeroLengthPointerToAPartlyMappedStructFindsTheStruct() {
        // struct at 2000 of which only the member at 2016..2024 is mapped (base 2000)
        MappingTable.Entry e = new MappingTable.Entry(2000, 2016, 2024, 7000, 7000, false, 0, true);
        t.insert(e);
        assertThat(t.find(2000, 0))
                .as("the struct's address: libomptarget finds the mapping by its base")
                .isSameAs(e);
        assertThat(t.find(1999, 0)).isNull();
    }

    @Test
    void neighboursDoNotInterfere() {
        MappingTable.Entry a = entry(1000, 1100, 1), b = entry(1100, 1200, 2);
        t.insert(a);
        t.insert(b);
        assertThat(t.find(1100, 100)).isSameAs(b);
        assertThat(t.find(1000, 100)).isSameAs(a);
        t.remove(a);
        assertThat(t.find(1000, 100)).isNull();
        assertThat(t.entries()).containsExactly(b);
    }

    @Test
    void referenceCountsAsLibomptargetKeepsThem() {
        MappingTable.Entry e = entry(0, 8, 1);
        assertThat(e.decrementRemoves(false, false)).isTrue();
        e.increment(true); // an ompx_hold reference keeps it
        assertThat(e.decrementRemoves(false, false)).isFalse();
        assertThat(e.totalRefs()).isEqualTo(2);
        assertThat(e.dynRefs() + "/" + e.holdRefs()).isEqualTo("1/1");
        MappingTable.Entry g = MappingTable.Entry.permanent(0, 8, 1, 0);
        assertThat(g.dynRefs()).isEqualTo("INF");
        assertThat(g.decrementRemoves(false, false)).isFalse();
        g.decrement(false);
        assertThat(g.isInfinite()).isTrue();
    }
}
