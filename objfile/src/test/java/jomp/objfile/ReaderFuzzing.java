package jomp.objfile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import jomp.objfile.archive.ArchiveReader;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.offload.OffloadBinaryReader;
import jomp.objfile.packager.OffloadInputs;

/** Mutates valid files and feeds them to every reader; anything but a FormatException is a finding. */
public final class ReaderFuzzing {
    private ReaderFuzzing() {}

    private static final long[] INTERESTING = {
        0,
        1,
        7,
        8,
        24,
        32,
        40,
        0x7f,
        0xff,
        0xffff,
        0x7fffffffL,
        0x80000000L,
        0xffffffffL,
        0x100000000L,
        Long.MAX_VALUE,
        Long.MIN_VALUE,
        -1L,
        -8L
    };

    /** What a run found, and how many inputs at least one reader accepted whole (a measure of depth). */
    public record Result(List<String> findings, int accepted) {}

    /** Runs {@code count} mutated inputs from a fixed seed. */
    public static Result run(Map<String, byte[]> seeds, long seed, int count) {
        Random r = new Random(seed);
        List<byte[]> inputs = new ArrayList<>(seeds.values());
        List<String> findings = new ArrayList<>();
        int accepted = 0;
        for (int i = 0; i < count && findings.size() < 10; i++) {
            byte[] data = mutate(r, inputs.get(r.nextInt(inputs.size())));
            String problem = feed(data);
            if (problem == null && accepted(data)) {
                accepted++;
            } else if (problem != null) {
                findings.add("input " + i + " (seed " + seed + "): " + problem);
            }
        }
        return new Result(findings, accepted);
    }

    /** Returns null when every reader either accepts the input or throws a FormatException naming the file. */
    public static String feed(byte[] data) {
        List<Runnable> readers = List.of(
                () -> ElfReader.read("fuzz", data),
                () -> OffloadBinaryReader.readAll("fuzz", data),
                () -> ArchiveReader.read("fuzz", data),
                () -> OffloadInputs.read("fuzz", data));
        for (Runnable reader : readers) {
            try {
                reader.run();
            } catch (FormatException e) {
                if (!e.getMessage().startsWith("fuzz")) {
                    return "FormatException does not name the file: " + e.getMessage();
                }
            } catch (Throwable t) {
                return t + " at " + (t.getStackTrace().length > 0 ? t.getStackTrace()[0] : "?");
            }
        }
        return null;
    }

    private static boolean accepted(byte[] data) {
        try {
            OffloadInputs.read("fuzz", data);
            return true;
        } catch (FormatException e) {
            return false;
        }
    }

    static byte[] mutate(Random r, byte[] seed) {
        byte[] d = seed.clone();
        int ops = 1 + r.nextInt(4);
        for (int k = 0; k < ops; k++) {
            if (d.length == 0) {
                return d;
            }
            int at = r.nextInt(d.length);
            switch (r.nextInt(7)) {
                case 0 -> d[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> d[at] = (byte) r.nextInt(256);
                case 2 -> put(d, at & ~7, 8, INTERESTING[r.nextInt(INTERESTING.length)]);
                case 3 -> put(d, at & ~3, 4, INTERESTING[r.nextInt(INTERESTING.length)]);
                case 4 -> d = Arrays.copyOf(d, at);
                case 5 -> {
                    int len = r.nextInt(Math.min(64, d.length - at) + 1);
                    byte[] n = new byte[d.length - len];
                    System.arraycopy(d, 0, n, 0, at);
                    System.arraycopy(d, at + len, n, at, d.length - at - len);
                    d = n;
                }
                default -> {
                    int len = 1 + r.nextInt(16);
                    byte[] n = new byte[d.length + len];
                    System.arraycopy(d, 0, n, 0, at);
                    for (int i = 0; i < len; i++) {
                        n[at + i] = (byte) r.nextInt(256);
                    }
                    System.arraycopy(d, at, n, at + len, d.length - at);
                    d = n;
                }
            }
        }
        return d;
    }

    private static void put(byte[] d, int at, int size, long v) {
        for (int i = 0; i < size && at + i < d.length; i++) {
            d[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
