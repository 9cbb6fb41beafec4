package jomp.offload.abi;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The entries index of a jvm device image (the jar the device link makes, docs/design/offload-abi.md §6):
 * the resource {@link #RESOURCE}, one line per entry, {@code kernel <name> <class> <method>} or
 * {@code global <name> <data image offset> <size>}. The device link writes it, the jvm plugin reads it.
 */
public record DeviceEntries(Map<String, Kernel> kernels, Map<String, Global> globals) {
    public static final String RESOURCE = "jomp/device-entries.txt";

    /** A kernel: the static method {@code void method(long args)} of the internal class name {@code owner}. */
    public record Kernel(String owner, String method) {}

    /** A global: its offset in the device program's data image and its size. */
    public record Global(long offset, long size) {}

    public DeviceEntries() {
        this(new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    public DeviceEntries kernel(String name, String owner, String method) {
        kernels.put(name, new Kernel(owner, method));
        return this;
    }

    public DeviceEntries global(String name, long offset, long size) {
        globals.put(name, new Global(offset, size));
        return this;
    }

    public byte[] write() {
        StringBuilder sb = new StringBuilder();
        for (var k : kernels.entrySet())
            sb.append("kernel ")
                    .append(k.getKey())
                    .append(' ')
                    .append(k.getValue().owner())
                    .append(' ')
                    .append(k.getValue().method())
                    .append('\n');
        for (var g : globals.entrySet())
            sb.append("global ")
                    .append(g.getKey())
                    .append(' ')
                    .append(g.getValue().offset())
                    .append(' ')
                    .append(g.getValue().size())
                    .append('\n');
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Reads an index; lines of another form are skipped (a later version's records). */
    public static DeviceEntries read(byte[] index) {
        DeviceEntries d = new DeviceEntries();
        for (String line : new String(index, StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.split(" ");
            if (f.length == 4 && f[0].equals("kernel")) d.kernel(f[1], f[2], f[3]);
            else if (f.length == 4 && f[0].equals("global")) d.global(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]));
        }
        return d;
    }
}
