package jomp.objfile.packager;

import java.util.List;
import jomp.objfile.offload.OffloadBinary;

/** Prints offloading images exactly as {@code llvm-objdump-19 --offloading} prints them. */
final class OffloadListing {
    private OffloadListing() {}

    static String format(List<OffloadInputs.Container> containers) {
        StringBuilder sb = new StringBuilder();
        for (OffloadInputs.Container c : containers) {
            if (c.format() != null) {
                sb.append('\n')
                        .append(c.name())
                        .append(":\tfile format ")
                        .append(c.format())
                        .append('\n');
            }
            for (int i = 0; i < c.images().size(); i++) {
                OffloadBinary b = c.images().get(i);
                sb.append("\nOFFLOADING IMAGE [").append(i).append("]:\n");
                line(sb, "kind", b.imageKind().listingName());
                line(sb, "arch", b.arch());
                line(sb, "triple", b.triple());
                line(sb, "producer", OffloadBinary.offloadKindName(b.offloadKind()));
            }
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String label, String value) {
        sb.append(label).append(" ".repeat(16 - label.length())).append(value).append('\n');
    }
}
