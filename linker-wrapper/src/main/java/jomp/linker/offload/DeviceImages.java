package jomp.linker.offload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.linker.host.HostLinker;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.offload.OffloadBinary;
import jomp.objfile.offload.OffloadBinaryReader;

/**
 * The device images embedded in the objects of a link (their {@code .llvm.offloading} sections),
 * grouped by (triple, arch) as clang-linker-wrapper groups them. Only the objects the link takes
 * count: an archive member that no symbol pulled in brings no device code either.
 */
public final class DeviceImages {
    private DeviceImages() {}

    /** One device image of one object. */
    public record Image(String object, OffloadBinary binary) {}

    /** The images of one (triple, arch), in link order. */
    public record Group(String triple, String arch, List<Image> images) {
        public String describe() {
            return triple + (arch.isEmpty() ? "" : " (" + arch + ")");
        }
    }

    /** Short names of targets expanded as the driver expands them (ToolChains); a triple jomp has no toolchain for stays as given. */
    public static String expand(String triple) {
        String t = jomp.toolchain.Triple.normalize(triple);
        return t != null ? t : triple;
    }

    /**
     * Groups the OpenMP images of the objects. {@code targets} empty keeps every embedded target
     * (clang 19's behaviour); otherwise only the named ones are kept, the others dropped (the
     * offload-wrapper RFC: targets are chosen at link time).
     */
    public static List<Group> collect(List<HostLinker.Input> objects, Set<String> targets) {
        Map<String, Group> groups = new LinkedHashMap<>();
        for (HostLinker.Input in : objects) {
            for (ElfSection s : in.object().sections()) {
                if (s.type() != Elf.SHT_LLVM_OFFLOADING) continue;
                for (OffloadBinary b : OffloadBinaryReader.readAll(in.name(), s.data())) {
                    if (b.offloadKind() != OffloadBinary.OFK_OPENMP) continue;
                    String triple = b.triple(), arch = b.arch() == null ? "" : b.arch();
                    if (!targets.isEmpty() && !targets.contains(triple)) continue;
                    groups.computeIfAbsent(triple + "\0" + arch, k -> new Group(triple, arch, new ArrayList<>()))
                            .images()
                            .add(new Image(in.name(), b));
                }
            }
        }
        return new ArrayList<>(groups.values());
    }
}
