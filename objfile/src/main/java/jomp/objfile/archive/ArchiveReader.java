package jomp.objfile.archive;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.ByteReader;
import jomp.objfile.FormatException;
import org.apache.commons.compress.archivers.ar.ArArchiveEntry;
import org.apache.commons.compress.archivers.ar.ArArchiveInputStream;

/**
 * Reads GNU and BSD {@code ar} archives. Apache Commons Compress walks the members (it resolves
 * GNU {@code //} long names and BSD {@code #1/NN} names); this class parses the symbol indexes it
 * leaves alone: GNU {@code /} and {@code /SYM64/} (big-endian) and BSD {@code __.SYMDEF} (little-endian),
 * whose entries point at member header offsets; and the 64-bit {@code __.SYMDEF_64}.
 */
public final class ArchiveReader {
    private ArchiveReader() {}

    private static final byte[] MAGIC = "!<arch>\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 60;

    public static boolean isArchive(byte[] data) {
        if (data.length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (data[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    public static Archive read(String file, byte[] data) {
        ByteReader in = new ByteReader(file, data);
        if (!isArchive(data)) {
            throw in.error("not an ar archive (bad magic)");
        }
        List<Archive.Member> members = new ArrayList<>();
        Map<Long, Integer> memberAtHeader = new HashMap<>();
        byte[] gnuIndex = null;
        boolean gnu64 = false;
        byte[] bsdIndex = null;
        boolean bsd64 = false;
        try (ArArchiveInputStream ar = new ArArchiveInputStream(new ByteArrayInputStream(data))) {
            ArArchiveEntry e;
            while ((e = ar.getNextEntry()) != null) {
                long dataStart = ar.getBytesRead();
                long length = e.getLength();
                String name = e.getName();
                in.check(dataStart, length, "member '" + name.strip() + "'");
                byte[] bytes = ar.readNBytes((int) length);
                if (bytes.length != length) {
                    throw in.error("member '" + name + "' is truncated");
                }
                long header = dataStart - HEADER;
                String raw = header >= 0 ? new String(data, (int) header, 3, StandardCharsets.US_ASCII) : "";
                if (!raw.equals("#1/")) {
                    // a BSD long name sits between the header and the data
                    long bsdHeader = dataStart - HEADER - name.length();
                    if (bsdHeader >= 0
                            && new String(data, (int) bsdHeader, 3, StandardCharsets.US_ASCII).equals("#1/")) {
                        header = bsdHeader;
                    }
                }
                String clean = stripNuls(name);
                if (members.isEmpty() && gnuIndex == null && bsdIndex == null) {
                    if (clean.isEmpty() || clean.equals("/")) {
                        gnuIndex = bytes;
                        continue;
                    }
                    if (clean.equals("/SYM64") || clean.equals("/SYM64/")) {
                        gnuIndex = bytes;
                        gnu64 = true;
                        continue;
                    }
                    if (clean.equals("__.SYMDEF")
                            || clean.equals("__.SYMDEF SORTED")
                            || clean.equals("__.SYMDEF_64")
                            || clean.equals("__.SYMDEF_64 SORTED")) {
                        bsdIndex = bytes;
                        bsd64 = clean.startsWith("__.SYMDEF_64");
                        continue;
                    }
                }
                memberAtHeader.put(header, members.size());
                members.add(new Archive.Member(clean, bytes));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof FormatException fe) {
                throw fe;
            }
            throw in.error("bad ar archive: " + e.getMessage());
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        if (gnuIndex != null) {
            gnuSymbols(new ByteReader(file, gnuIndex), gnu64, memberAtHeader, index);
        } else if (bsdIndex != null) {
            bsdSymbols(new ByteReader(file, bsdIndex), bsd64, memberAtHeader, index);
        }
        return new Archive(members, index);
    }

    private static String stripNuls(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == 0 || s.charAt(end - 1) == ' ')) {
            end--;
        }
        return s.substring(0, end);
    }

    private static void gnuSymbols(ByteReader t, boolean wide, Map<Long, Integer> members, Map<String, Integer> out) {
        int w = wide ? 8 : 4;
        long count = wide ? t.u32be(0, "symbol count") << 32 | t.u32be(4, "symbol count") : t.u32be(0, "symbol count");
        if (count < 0 || count > (t.length() - w) / w) {
            throw t.error("archive symbol table claims " + Long.toUnsignedString(count) + " symbols in " + t.length()
                    + " bytes");
        }
        long names = w + count * w;
        for (long i = 0; i < count; i++) {
            long at = w + i * w;
            long offset = wide
                    ? t.u32be(at, "symbol offset") << 32 | t.u32be(at + 4, "symbol offset")
                    : t.u32be(at, "symbol offset");
            String name = t.cstring(names, t.length(), "archive symbol " + i);
            names += name.getBytes(StandardCharsets.UTF_8).length + 1;
            out.putIfAbsent(name, member(t, members, offset, name));
        }
    }

    /** {@code __.SYMDEF}: u32 byte size of (name offset, member offset) pairs, the pairs, u32 string size, strings; {@code _64}: all u64. */
    private static void bsdSymbols(ByteReader t, boolean wide, Map<Long, Integer> members, Map<String, Integer> out) {
        int w = wide ? 8 : 4;
        long ranlibSize = word(t, 0, wide, "__.SYMDEF size");
        if (ranlibSize < 0 || ranlibSize % (2L * w) != 0) {
            throw t.error("__.SYMDEF size " + Long.toUnsignedString(ranlibSize) + " is not a multiple of " + 2L * w);
        }
        t.check(w, ranlibSize, "__.SYMDEF entries");
        long stringsSize = word(t, w + ranlibSize, wide, "__.SYMDEF string table size");
        long strings = 2L * w + ranlibSize;
        t.check(strings, stringsSize, "__.SYMDEF string table");
        for (long i = 0; i < ranlibSize / (2L * w); i++) {
            long strx = word(t, w + i * 2L * w, wide, "symbol name offset");
            long offset = word(t, 2L * w + i * 2 * w, wide, "symbol member offset");
            if (strx < 0 || strx >= stringsSize) {
                throw t.error("archive symbol " + i + " name offset " + Long.toUnsignedString(strx)
                        + " is outside the string table");
            }
            String name = t.cstring(strings + strx, strings + stringsSize, "archive symbol " + i);
            out.putIfAbsent(name, member(t, members, offset, name));
        }
    }

    private static long word(ByteReader t, long at, boolean wide, String what) {
        return wide ? t.u64(at, what) : t.u32(at, what);
    }

    private static int member(ByteReader t, Map<Long, Integer> members, long offset, String symbol) {
        Integer m = members.get(offset);
        if (m == null) {
            throw new FormatException(
                    t.file(),
                    "archive symbol '" + symbol + "' points at offset " + ByteReader.hex(offset)
                            + ", which is not a member header");
        }
        return m;
    }
}
