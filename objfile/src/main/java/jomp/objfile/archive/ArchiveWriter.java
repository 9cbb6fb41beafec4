package jomp.objfile.archive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.FormatException;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.ElfSymbol;

/**
 * Writes a GNU {@code ar} archive as LLVM 19's writeArchive does in deterministic mode (times, owners
 * 0, mode 644): a {@code /} symbol index of the members' defined global ELF symbols (if there are any),
 * a {@code //} table for names of 16 characters or more or with a slash, members padded to 2 with '\n'.
 * Members that are not ELF objects contribute no symbols.
 */
public final class ArchiveWriter {
    private ArchiveWriter() {}

    public static byte[] writeGnu(List<Archive.Member> members) {
        ByteArrayOutputStream longNames = new ByteArrayOutputStream();
        Map<String, Integer> longNameAt = new HashMap<>();
        List<byte[]> headers = new ArrayList<>();
        List<List<String>> symbols = new ArrayList<>();
        ByteArrayOutputStream symbolNames = new ByteArrayOutputStream();
        int symbolCount = 0;
        for (Archive.Member m : members) {
            String name;
            if (m.name().length() < 16 && m.name().indexOf('/') < 0) {
                name = m.name() + "/";
            } else {
                Integer at = longNameAt.get(m.name());
                if (at == null) {
                    at = longNames.size();
                    longNameAt.put(m.name(), at);
                    longNames.writeBytes((m.name() + "/\n").getBytes(StandardCharsets.UTF_8));
                }
                name = "/" + at;
            }
            headers.add(header(name, "644", m.bytes().length));
            List<String> syms = symbolsOf(m);
            symbols.add(syms);
            for (String s : syms) {
                symbolNames.writeBytes(s.getBytes(StandardCharsets.UTF_8));
                symbolNames.write(0);
            }
            symbolCount += syms.size();
        }
        byte[] longTable = longNames.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("!<arch>\n".getBytes(StandardCharsets.US_ASCII));
        if (symbolCount > 0) {
            long size = 4 + 4L * symbolCount + symbolNames.size();
            long pad = size % 2;
            size += pad;
            long pos = 8 + 60 + size;
            if (longTable.length > 0) {
                pos += 60 + longTable.length + longTable.length % 2;
            }
            out.writeBytes(header("/", "0", size));
            writeBigEndian(out, symbolCount);
            for (int i = 0; i < members.size(); i++) {
                for (int k = 0; k < symbols.get(i).size(); k++) {
                    writeBigEndian(out, pos);
                }
                int length = members.get(i).bytes().length;
                pos += 60 + length + length % 2;
            }
            out.writeBytes(symbolNames.toByteArray());
            if (pad != 0) {
                out.write(0);
            }
        }
        if (longTable.length > 0) {
            out.writeBytes(pad("//", 48));
            out.writeBytes(pad(Long.toString(longTable.length + longTable.length % 2), 10));
            out.writeBytes("`\n".getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(longTable);
            if (longTable.length % 2 != 0) {
                out.write('\n');
            }
        }
        for (int i = 0; i < members.size(); i++) {
            byte[] data = members.get(i).bytes();
            out.writeBytes(headers.get(i));
            out.writeBytes(data);
            if (data.length % 2 != 0) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    /** The symbols LLVM's archive writer indexes: global or weak, defined, not a section or file symbol. */
    private static List<String> symbolsOf(Archive.Member m) {
        List<String> out = new ArrayList<>();
        if (!ElfReader.isElf(m.bytes())) {
            return out;
        }
        ElfObject obj;
        try {
            obj = ElfReader.read(m.name(), m.bytes());
        } catch (FormatException e) {
            return out; // not an object LLVM's writer would index either
        }
        for (ElfSymbol s : obj.symbols()) {
            if (s.bind() != Elf.STB_LOCAL && s.isDefined() && s.type() != Elf.STT_SECTION && s.type() != Elf.STT_FILE) {
                out.add(s.name());
            }
        }
        return out;
    }

    private static byte[] header(String name, String mode, long size) {
        ByteArrayOutputStream h = new ByteArrayOutputStream();
        h.writeBytes(pad(name, 16));
        h.writeBytes(pad("0", 12));
        h.writeBytes(pad("0", 6));
        h.writeBytes(pad("0", 6));
        h.writeBytes(pad(mode, 8));
        h.writeBytes(pad(Long.toString(size), 10));
        h.writeBytes("`\n".getBytes(StandardCharsets.US_ASCII));
        return h.toByteArray();
    }

    private static byte[] pad(String s, int width) {
        StringBuilder sb = new StringBuilder(s);
        while (sb.length() < width) {
            sb.append(' ');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void writeBigEndian(ByteArrayOutputStream out, long v) {
        out.write((int) (v >>> 24));
        out.write((int) (v >>> 16));
        out.write((int) (v >>> 8));
        out.write((int) v);
    }
}
