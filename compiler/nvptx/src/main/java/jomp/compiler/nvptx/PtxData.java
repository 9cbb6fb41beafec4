package jomp.compiler.nvptx;

import java.util.Set;
import jomp.compiler.ir.Global;

/**
 * IR globals → PTX {@code .global} byte arrays with their initial bytes. An address stored in
 * the data (a relocation) is written as eight byte masks of {@code generic(sym)+addend}
 * ({@code 0xFF00(generic(g)+8)} is the second byte), which PTX allows in {@code .u8} arrays.
 */
final class PtxData {
    private PtxData() {}

    /**
     * A definition under the PTX name {@code names} gives, with its linkage and state space
     * ({@code .visible .global}, ...); {@code functions} are the IR names of functions, whose
     * addresses take no generic().
     */
    static void define(
            StringBuilder out,
            Global g,
            java.util.function.Function<String, String> names,
            String linkage,
            Set<String> functions) {
        out.append(linkage).append(" .align ").append(Math.max(1, g.align));
        long size = Math.max(1, g.size);
        if (g.isZero() || linkage.endsWith(".shared")) { // shared memory has no initial value
            out.append(" .b8 ")
                    .append(names.apply(g.name))
                    .append('[')
                    .append(size)
                    .append("];\n");
            return;
        }
        out.append(g.relocs.isEmpty() ? " .b8 " : " .u8 ")
                .append(names.apply(g.name))
                .append('[')
                .append(size)
                .append("] = {");
        String[] bytes = new String[(int) size];
        for (int i = 0; i < bytes.length; i++)
            bytes[i] = g.data != null && i < g.data.length ? Integer.toString(g.data[i] & 0xFF) : "0";
        for (Global.Reloc r : g.relocs) {
            String addr = functions.contains(r.symbol())
                    ? PtxText.symbol(r.symbol())
                    : "generic(" + names.apply(r.symbol()) + ")";
            if (r.addend() != 0) addr += (r.addend() > 0 ? "+" : "") + r.addend();
            for (int k = 0; k < 8; k++) {
                bytes[(int) r.offset() + k] = "0xFF" + "00".repeat(k) + "(" + addr + ")";
            }
        }
        for (int i = 0; i < bytes.length; i++) {
            if (i > 0) out.append(i % 32 == 0 ? ",\n\t" : ", ");
            out.append(bytes[i]);
        }
        out.append("};\n");
    }

    /** The declaration ahead of a definition that a cycle of initialisers needs (same type as {@link #define}). */
    static void declareAhead(StringBuilder out, Global g, String name) {
        out.append(".extern .global .align ")
                .append(Math.max(1, g.align))
                .append(" .u8 ")
                .append(name)
                .append('[')
                .append(Math.max(1, g.size))
                .append("];\n");
    }

    /** An object defined in another translation unit. */
    static void declareExtern(StringBuilder out, String name) {
        out.append(".extern .global .align 8 .b8 ").append(PtxText.symbol(name)).append("[];\n");
    }
}
