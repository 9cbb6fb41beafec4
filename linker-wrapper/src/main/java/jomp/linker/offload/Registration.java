package jomp.linker.offload;

import java.nio.charset.StandardCharsets;
import java.util.List;

import jomp.linker.host.HostLinker;

/**
 * The wrapping step (clang's OffloadWrapper): the linked device images and the host program's
 * offload entries become resources of the executable, which the program's start-up hands to
 * {@code jomp.runtime.target.Registry.registerResources} as the {@code __tgt_bin_desc} (the
 * main class calls it before C's main when there are entries). Resources:
 * {@code jomp/offload/images.txt} (a line {@code <n> <kind> <triple> <arch or ->} per image),
 * {@code jomp/offload/image<n>.bin}, and {@code jomp/offload/entries.txt} (a line
 * {@code <data-image offset> <size> <flags> <name>} per host entry).
 */
public final class Registration {
    private Registration() {}

    public static void addResources(HostLinker.Linked linked, List<DeviceLink.Linked> images) {
        if (linked.entries().isEmpty() && images.isEmpty()) return;
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < images.size(); i++) {
            DeviceLink.Linked img = images.get(i);
            list.append(i).append(' ').append(img.kind()).append(' ').append(img.triple()).append(' ')
                .append(img.arch().isEmpty() ? "-" : img.arch()).append('\n');
            linked.resources().put("jomp/offload/image" + i + ".bin", img.bytes());
        }
        StringBuilder entries = new StringBuilder();
        for (HostLinker.Entry e : linked.entries())
            entries.append(e.offset()).append(' ').append(e.size()).append(' ').append(e.flags()).append(' ').append(e.name()).append('\n');
        linked.resources().put("jomp/offload/images.txt", list.toString().getBytes(StandardCharsets.UTF_8));
        linked.resources().put("jomp/offload/entries.txt", entries.toString().getBytes(StandardCharsets.UTF_8));
    }
}
