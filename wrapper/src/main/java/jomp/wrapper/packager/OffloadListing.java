package jomp.wrapper.packager;

import java.util.List;

import jomp.wrapper.offload.OffloadBinary;

/** Prints offloading images exactly as {@code llvm-objdump-19 --offloading} prints them. */
final class OffloadListing {
    private OffloadListing() {}

    static String format(List<OffloadInputs.Container> containers) {
        StringBuilder sb = new StringBuilder();
        for (OffloadInputs.Container c : containers) {
            if (c.format() != null) {
                sb.append('\n').append(c.name()).append(":\tfile format ").append(c.format()).append('\n');
            }
            for (int i = 0; i < c.images().size(); i++) {
                OffloadBinary b = c.images().get(i);
                sb.append("\nOFFLOADING IMAGE [").append(i).append("]:\n");
                line(sb, "kind", kindName(b.imageKind()));
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

    /** llvm-objdump's names for image kinds. */
    static String kindName(int imageKind) {
        return switch (imageKind) {
            case OffloadBinary.IMG_OBJECT -> "elf";
            case OffloadBinary.IMG_BITCODE -> "llvm ir";
            case OffloadBinary.IMG_CUBIN -> "cubin";
            case OffloadBinary.IMG_FATBINARY -> "fatbinary";
            case OffloadBinary.IMG_PTX -> "ptx";
            default -> "<none>";
        };
    }
}
