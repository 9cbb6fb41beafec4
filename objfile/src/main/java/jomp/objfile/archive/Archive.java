package jomp.objfile.archive;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A static library: its members in order (symbol tables and the long-name table left out) and
 * its symbol index, mapping each symbol to the index of the first member that defines it.
 */
public record Archive(List<Member> members, Map<String, Integer> symbolIndex) {

    public record Member(String name, byte[] bytes) {}

    public Archive {
        members = List.copyOf(members);
        symbolIndex = Collections.unmodifiableMap(new LinkedHashMap<>(symbolIndex));
    }
}
