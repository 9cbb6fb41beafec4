package jomp.compiler.nvptx;

import java.nio.charset.StandardCharsets;
import java.util.List;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * Calls as PTX, for one {@link PtxFunction}: the PTX call ABI (direct and indirect calls, arguments
 * and result through {@code .param} variables), printf repacked for CUDA's vprintf, and the calls
 * that become instructions (builtins, math.h's classification). Which of these a call gets is
 * PtxFunction's decision ({@code call}), as is emitting a device runtime function in place.
 */
final class CallEmitter {
    private final PtxFunction fn;

    CallEmitter(PtxFunction fn) {
        this.fn = fn;
    }

    void intrinsic(Intrinsics.Intrinsic builtin, Insn.Call c) {
        String text = builtin.template();
        if (text.contains("%hf")) fn.halfRegister = true;
        if (text.contains("{p}")) text = text.replace("{p}", fn.pred()); // a predicate of the instruction's own
        if (text.contains("{d}"))
            text = text.replace(
                    "{d}", c.dst() != null ? fn.reg(c.dst()) : fn.temp(c.type().ret()));
        for (int k = 0; k < c.args().size(); k++)
            text = text.replace("{" + k + "}", fn.reg(c.args().get(k)));
        fn.emit(text);
    }

    /** math.h's isnan, isinf, isfinite and signbit (jomp's {@code __jomp_} helpers) as PTX tests; false for other calls. */
    boolean classify(String callee, Insn.Call c) {
        FuncType t = c.type();
        if (t.variadic()
                || t.ret() != IrType.I32
                || t.params().size() != 1
                || t.params().get(0) != IrType.F64) return false;
        String test = switch (callee) {
            case "__jomp_isnan" -> "setp.nan.f64";
            case "__jomp_isinf" -> "testp.infinite.f64";
            case "__jomp_isfinite" -> "testp.finite.f64";
            case "__jomp_signbit" -> "signbit";
            default -> null;
        };
        if (test == null) return false;
        if (c.dst() == null) return true;
        String x = fn.reg(c.args().get(0)), d = fn.reg(c.dst());
        if (test.equals("signbit")) {
            String bits = fn.temp(IrType.I64);
            fn.emit("mov.b64 " + bits + ", " + x);
            fn.emit("shr.u64 " + bits + ", " + bits + ", 63");
            fn.emit("cvt.u32.u64 " + d + ", " + bits);
            return true;
        }
        String p = fn.pred();
        fn.emit(test + " " + p + ", " + x + (test.startsWith("setp") ? ", " + x : ""));
        fn.emit("selp.u32 " + d + ", 1, 0, " + p);
        return true;
    }

    /** A direct call with the PTX call ABI: arguments and result through .param variables in a scope. */
    @SuppressWarnings("ArgumentSelectionDefectChecker") // the callee is the name used; the caller's name is `caller`
    void emitCall(String callee, FuncType type, Reg dst, List<Value> args) {
        if (PtxBackend.isKernel(callee) && fn.ctx.isDefined(callee)) {
            throw new PtxException(
                    "function '" + fn.f.name + "' calls kernel '" + callee + "', which a device function cannot call");
        }
        if (jomp.offload.abi.EntryPoints.QUAD.contains(callee) && !fn.ctx.isDefined(callee)) {
            // clang refuses the type in device code: "'x' requires 128 bit size '__float128' type support"
            throw new PtxException("function '" + fn.f.name
                    + "' computes with '__float128', but target 'nvptx64-nvidia-cuda' does not support it");
        }
        if (jomp.offload.abi.EntryPoints.WIDE_BITINT.contains(callee) && !fn.ctx.isDefined(callee)) {
            // clang's nvptx64 stops _BitInt at 128 bits: "signed _BitInt of bit sizes greater than 128 not supported"
            throw new PtxException("function '" + fn.f.name
                    + "' computes with a _BitInt of more than 128 bits, but target 'nvptx64-nvidia-cuda' supports"
                    + " _BitInt only up to 128 bits");
        }
        fn.ctx.useFunction(callee, type, fn.f.name);
        boolean bits = Libdevice.isLibdevice(callee) && !fn.ctx.isDefined(callee);
        fn.code.append("\t{\n");
        String params = passArgs(type, args, bits);
        String ret = "";
        if (type.ret() != IrType.VOID) {
            fn.emit(".param ." + PtxFunction.paramType(type.ret(), bits) + " __r");
            ret = "(__r), ";
        }
        fn.emit("call.uni " + ret + PtxText.symbol(callee) + ", (" + params + ")");
        if (dst != null && type.ret() != IrType.VOID)
            fn.emit("ld.param." + PtxFunction.paramType(type.ret(), bits) + " " + fn.reg(dst) + ", [__r]");
        fn.code.append("\t}\n");
    }

    private String passArgs(FuncType type, List<Value> args) {
        return passArgs(type, args, false);
    }

    private String passArgs(FuncType type, List<Value> args, boolean bits) {
        List<IrType> ps = PtxFunction.paramTypes(type);
        if (ps.size() != args.size()) {
            throw new PtxException(
                    "function '" + fn.f.name + "': call passes " + args.size() + " arguments to " + type);
        }
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < args.size(); i++) {
            String pt = PtxFunction.paramType(ps.get(i), bits);
            fn.emit(".param ." + pt + " __a" + i);
            Value v = args.get(i);
            String r = ps.get(i).isWide() && !v.type().isWide() ? fn.reg64(v) : fn.reg(v);
            fn.emit("st.param." + pt + " [__a" + i + "], " + r);
            names.append(i > 0 ? ", " : "").append("__a").append(i);
        }
        return names.toString();
    }

    void indirectCall(Insn.CallIndirect c) {
        FuncType type = c.type();
        String target = fn.reg(c.target());
        fn.code.append("\t{\n");
        String params = passArgs(type, c.args());
        String ret = "";
        if (type.ret() != IrType.VOID) {
            fn.emit(".param ." + PtxFunction.paramType(type.ret()) + " __r");
            ret = "(__r), ";
        }
        String proto = fn.newName("$P");
        StringBuilder sb = new StringBuilder(proto).append(": .callprototype ");
        if (type.ret() != IrType.VOID)
            sb.append("(.param .").append(PtxFunction.paramType(type.ret())).append(" _) ");
        sb.append("_ (");
        List<IrType> ps = PtxFunction.paramTypes(type);
        for (int i = 0; i < ps.size(); i++)
            sb.append(i > 0 ? ", " : "")
                    .append(".param .")
                    .append(PtxFunction.paramType(ps.get(i)))
                    .append(" _");
        fn.code.append('\t').append(sb).append(");\n");
        fn.emit("call " + ret + target + ", (" + params + "), " + proto);
        if (c.dst() != null && type.ret() != IrType.VOID)
            fn.emit("ld.param." + PtxFunction.paramType(type.ret()) + " " + fn.reg(c.dst()) + ", [__r]");
        fn.code.append("\t}\n");
    }

    /**
     * printf(fmt, va) → vprintf(fmt, buf). The IR's variadic area has one 8-byte slot per
     * argument (ints sign- or zero-extended, floats promoted to double); vprintf wants the
     * arguments packed with their natural alignment, so a constant format string says how wide
     * each is and the slots are repacked into a frame buffer. Other formats go to the device
     * runtime's {@code __jomp_vprintf}, which reads the slots as C's vprintf does.
     */
    void printf(Insn.Call c) {
        String fmt = constantString(c.args().get(0));
        if (fmt == null) {
            // the sizes are known only at run time: C's vprintf over the slots, from the device runtime
            emitCall(
                    "__jomp_vprintf",
                    new FuncType(IrType.I32, List.of(IrType.PTR, IrType.PTR), false),
                    c.dst(),
                    c.args());
            return;
        }
        List<Integer> sizes = PrintfFormat.argumentSizes(fmt, fn.f.name);
        Value va = c.args().get(c.args().size() - 1);
        long packed = 0;
        for (int s : sizes) packed = ((packed + s - 1) & -(long) s) + s;
        String buf;
        if (sizes.isEmpty()) {
            buf = fn.reg(IntConst.i64(0));
        } else {
            fn.printfSize = Math.max(fn.printfSize, packed);
            String vaReg = fn.reg(va);
            buf = fn.temp(IrType.PTR);
            fn.emit("add.s64 " + buf + ", " + fn.framePtr + ", " + fn.printfOffset);
            long off = 0;
            for (int k = 0; k < sizes.size(); k++) {
                int s = sizes.get(k);
                off = (off + s - 1) & -(long) s;
                String v = fn.temp(s == 8 ? IrType.I64 : IrType.I32),
                        from = fn.temp(IrType.PTR),
                        to = fn.temp(IrType.PTR);
                fn.emit("add.s64 " + from + ", " + vaReg + ", " + (8L * k));
                fn.emit("ld.u" + (s * 8) + " " + v + ", [" + from + "]");
                fn.emit("add.s64 " + to + ", " + buf + ", " + off);
                fn.emit("st.u" + (s * 8) + " [" + to + "], " + v);
                off += s;
            }
        }
        FuncType vprintf = new FuncType(IrType.I32, List.of(IrType.PTR, IrType.PTR), false);
        fn.ctx.useFunction("vprintf", vprintf, fn.f.name);
        fn.code.append("\t{\n");
        fn.emit(".param .b64 __a0");
        fn.emit("st.param.b64 [__a0], " + fn.reg(c.args().get(0)));
        fn.emit(".param .b64 __a1");
        fn.emit("st.param.b64 [__a1], " + buf);
        fn.emit(".param .b32 __r");
        fn.emit("call.uni (__r), vprintf, (__a0, __a1)");
        if (c.dst() != null) fn.emit("ld.param.b32 " + fn.reg(c.dst()) + ", [__r]");
        fn.code.append("\t}\n");
    }

    /** The contents of a string literal whose address v holds, or null when v is not traceable to one. */
    private String constantString(Value v) {
        Insn def = null;
        for (int hops = 0; hops < 8 && v instanceof Reg r; hops++) { // a few copies, never a cycle of them
            def = fn.singleDef.get(r.id);
            v = def instanceof Insn.Copy cp ? cp.src() : null;
        }
        if (!(def instanceof Insn.GlobalAddr g)) return null;
        Global gl = fn.ctx.module.global(g.symbol());
        if (gl == null || gl.data == null || !gl.relocs.isEmpty()) return null;
        int end = 0;
        while (end < gl.data.length && gl.data[end] != 0) end++;
        return new String(gl.data, 0, end, StandardCharsets.ISO_8859_1);
    }
}
