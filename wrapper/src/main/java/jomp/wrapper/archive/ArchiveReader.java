package jomp.wrapper.archive;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jomp.wrapper.ByteReader;
import jomp.wrapper.FormatException;
import org.apache.commons.compress.archivers.ar.ArArchiveEntry;
import org.apache.commons.compress.archivers.ar.ArArchiveInputStream;

/**
 * Reads GNU and BSD {@code ar} archives. Apache Commons Compress walks the members (it resolves
 * GNU {@code //} long names and BSD {@code #1/NN} names); this class parses the symbol indexes it
 * leaves alone: GNU {@code /} and {@code /SYM64/} (big-endian) and BSD {@code __.SYMDEF} (little-endian),
 * whose entries point at member header offsets.
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
                    if (bsdHeader >= 0 && new String(data, (int) bsdHeader, 3, StandardCharsets.US_ASCII).equals("#1/")) {
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
                    if (clean.equals("__.SYMDEF") || clean.equals("__.SYMDEF SORTED")) {
                        bsdIndex = bytes;
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
            bsdSymbols(new ByteReader(file, bsdIndex), memberAtHeader, index);
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
            throw t.error("archive symbol table claims " + Long.toUnsignedString(count) + " symbols in " + t.length() + " bytes");
        }
        long names = w + count * w;
        for (long i = 0; i < count; i++) {
            long at = w + i * w;
            long offset = wide ? t.u32be(at, "symbol offset") << 32 | t.u32be(at + 4, "symbol offset") : t.u32be(at, "symbol offset");
            String name = t.cstring(names, t.length(), "archive symbol " + i);
            names += name.getBytes(StandardCharsets.UTF_8).length + 1;
            out.putIfAbsent(name, member(t, members, offset, name));
        }
    }

    private static void bsdSymbols(ByteReader t, Map<Long, Integer> members, Map<String, Integer> out) {
        long ranlibSize = t.u32(0, "__.SYMDEF size");
        if (ranlibSize % 8 != 0) {
            throw t.error("__.SYMDEF size " + ranlibSize + " is not a multiple of 8");
        }
        t.check(4, ranlibSize, "__.SYMDEF entries");
        long stringsSize = t.u32(4 + ranlibSize, "__.SYMDEF string table size");
        long strings = 8 + ranlibSize;
        t.check(strings, stringsSize, "__.SYMDEF string table");
        for (long i = 0; i < ranlibSize / 8; i++) {
            long strx = t.u32(4 + i * 8, "symbol name offset");
            long offset = t.u32(8 + i * 8, "symbol member offset");
            if (strx >= stringsSize) {
                throw t.error("archive symbol " + i + " name offset " + strx + " is outside the string table");
            }
            String name = t.cstring(strings + strx, strings + stringsSize, "archive symbol " + i);
            out.putIfAbsent(name, member(t, members, offset, name));
        }
    }

    private static int member(ByteReader t, Map<Long, Integer> members, long offset, String symbol) {
        Integer m = members.get(offset);
        if (m == null) {
            throw new FormatException(t.file(), "archive symbol '" + symbol + "' points at offset " + ByteReader.hex(offset)
                    + ", which is not a member header");
        }
        return m;
    }
}
