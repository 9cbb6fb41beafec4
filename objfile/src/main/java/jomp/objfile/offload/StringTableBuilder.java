package jomp.objfile.offload;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A NUL-terminated string table laid out as LLVM's StringTableBuilder (ELF kind) lays it out:
 * a leading NUL, strings sorted by their reversed bytes in descending order, and a string that is
 * a suffix of the previous one sharing its tail. Matching this keeps OffloadBinaries byte-identical
 * to clang-offload-packager's.
 */
final class StringTableBuilder {
    private final Map<String, Integer> offsets = new HashMap<>();
    private final byte[] bytes;

    StringTableBuilder(Collection<String> strings) {
        List<byte[]> list = new ArrayList<>();
        for (String s : new LinkedHashSet<>(strings)) {
            list.add(s.getBytes(StandardCharsets.UTF_8));
        }
        list.sort(StringTableBuilder::compareTails);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        byte[] previous = new byte[0]; // as in LLVM, so an empty string shares the leading NUL
        for (byte[] s : list) {
            String key = new String(s, StandardCharsets.UTF_8);
            if (endsWith(previous, s)) {
                offsets.put(key, out.size() - s.length - 1);
                continue;
            }
            offsets.put(key, out.size());
            out.writeBytes(s);
            out.write(0);
            previous = s;
        }
        bytes = out.toByteArray();
    }

    /** Descending order of the reversed strings; a string sorts after the longer strings it is a suffix of. */
    private static int compareTails(byte[] a, byte[] b) {
        for (int i = 0; ; i++) {
            int ca = i < a.length ? a[a.length - 1 - i] & 0xFF : -1;
            int cb = i < b.length ? b[b.length - 1 - i] & 0xFF : -1;
            if (ca != cb) {
                return Integer.compare(cb, ca);
            }
            if (ca == -1) {
                return 0;
            }
        }
    }

    private static boolean endsWith(byte[] s, byte[] suffix) {
        if (suffix.length > s.length) {
            return false;
        }
        for (int i = 0; i < suffix.length; i++) {
            if (s[s.length - suffix.length + i] != suffix[i]) {
                return false;
            }
        }
        return true;
    }

    int offset(String s) {
        return offsets.get(s);
    }

    byte[] bytes() {
        return bytes;
    }
}
