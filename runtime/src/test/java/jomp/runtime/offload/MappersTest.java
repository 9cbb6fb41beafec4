package jomp.runtime.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import jomp.offload.abi.MapType;
import org.junit.jupiter.api.Test;

/** Mappers.coalesced: what a map iterator's components become before they are mapped. */
class MappersTest {
    private static final long TOFROM = MapType.TO | MapType.FROM;

    private static long[] c(long base, long begin, long size, long type) {
        return new long[] {base, begin, size, type, 0};
    }

    @Test
    void elementsThatContinueEachOtherAreOneBlock() {
        // map(iterator(it = 0:4), tofrom: a[it]) with a at 0x1000
        List<long[]> out = Mappers.coalesced(List.of(
                c(0x1000, 0x1000, 4, TOFROM),
                c(0x1000, 0x1004, 4, TOFROM),
                c(0x1000, 0x1008, 4, TOFROM),
                c(0x1000, 0x100c, 4, TOFROM)));
        assertThat(out).hasSize(1);
        assertThat(out.get(0)).containsExactly(0x1000, 0x1000, 16, TOFROM, 0);
    }

    @Test
    void gapsOtherTypesAndOtherObjectsStayApart() {
        List<long[]> out = Mappers.coalesced(List.of(
                c(0x1000, 0x1000, 4, TOFROM),
                c(0x1000, 0x1008, 4, TOFROM),
                c(0x1000, 0x100c, 4, MapType.TO),
                c(0x2000, 0x1010, 4, MapType.TO)));
        assertThat(out).hasSize(4);
    }

    @Test
    void repeatedParentsGoAndTheirMembersJoin() {
        // a mapper's map(iterator(it = 0:3), tofrom: v.data[it]): the struct, then per element the
        // pointer member (type 0) and the element attached to it (PTR_AND_OBJ, MEMBER_OF that member)
        long s = 0x5000, data = 0x9000, el = MapType.PTR_AND_OBJ | TOFROM;
        List<long[]> in = List.of(
                c(s, s, 16, MapType.IMPLICIT),
                c(s, s + 8, 8, 0),
                c(s + 8, data, 8, el | MapType.memberOf(1)),
                c(s, s + 8, 8, 0),
                c(s + 8, data + 8, 8, el | MapType.memberOf(3)),
                c(s, s + 8, 8, 0),
                c(s + 8, data + 16, 8, el | MapType.memberOf(5)));
        List<long[]> out = Mappers.coalesced(in);
        assertThat(out).hasSize(3);
        assertThat(out.get(1)).containsExactly(s, s + 8, 8, 0, 0);
        assertThat(out.get(2)).containsExactly(s + 8, data, 24, el | MapType.memberOf(1), 0);
        assertThat(in.get(2)[3]).isEqualTo(el | MapType.memberOf(1)); // the input is left as it was
        assertThat(in.get(4)[3]).isEqualTo(el | MapType.memberOf(3));
    }
}
