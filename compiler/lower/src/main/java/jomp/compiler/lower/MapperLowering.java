package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;
import jomp.offload.abi.MapType;

/**
 * Functions the runtime calls for an entry's components (libomptarget's mapper ABI:
 * {@code void fn(ptr handle, ptr base, ptr begin, i64 size, i64 type, ptr name)}, each component
 * given to {@code __tgt_push_mapper_component}):
 *
 * <ul>
 * <li>a declare mapper's function {@code .omp_mapper.<type>.<name>}: the whole list item first
 *     (its storage, allocated once), then for each element of the section the entries of the
 *     mapper's map clauses with the mapper's variable standing for the element, members of the
 *     whole item, their map types combined with the construct's ({@code __jomp_mapper_type},
 *     OpenMP 5.2 table 5.3); members with a mapper of their own call it with the same handle;
 * <li>a map or motion item with the iterator modifier: a function that runs the iterators and
 *     pushes the item's entries for each of their values; its base argument is a block holding
 *     the addresses of the variables the item and the iterator ranges use.
 * </ul>
 */
final class MapperLowering {
    private MapperLowering() {}

    private static final FuncType SIG = new FuncType(
            IrType.VOID, List.of(IrType.PTR, IrType.PTR, IrType.PTR, IrType.I64, IrType.I64, IrType.PTR), false);

    /** The function of a declare mapper, made on its first use in the module. */
    static String mapperFunction(FunctionLowering f, OmpClause.UserMapper m) {
        String done = f.unit.mapperFunctions.get(m);
        if (done != null) return done;
        String typeName = m.type().typedefName != null
                ? m.type().typedefName
                : m.type().record.tag != null ? m.type().record.tag : "anon";
        String name = f.unit.outlinedName(".omp_mapper." + FunctionLowering.safeName(typeName) + "." + m.name());
        f.unit.mapperFunctions.put(m, name); // before the body: a mapper may use itself for nested members
        FunctionLowering g = new FunctionLowering(f.unit, f.def);
        List<Reg> p = g.beginOutlined(name, SIG, null);
        Reg handle = p.get(0), base = p.get(1), begin = p.get(2), size = p.get(3), type = p.get(4), nameArg = p.get(5);
        long esz = Math.max(1, m.type().size());
        Value count = g.e.bin(Insn.BinOp.DIV, size, IntConst.i64(esz));
        // the whole item: its storage, mapped once; no data moves for it (its elements' components say what moves)
        Value whole = g.e.bin(
                Insn.BinOp.OR,
                g.e.bin(Insn.BinOp.AND, type, IntConst.i64(~(MapType.TO | MapType.FROM | MapType.TARGET_PARAM))),
                IntConst.i64(MapType.IMPLICIT));
        push(g, handle, base, begin, size, whole, nameArg);
        Value wholeIdx = g.e.bin(Insn.BinOp.SUB, numComponents(g, handle), IntConst.i64(1));
        Reg i = g.fn.newReg(IrType.I64, "i");
        g.b.copy(i, IntConst.i64(0));
        BasicBlock cond = g.b.newBlock("mapper.cond"),
                body = g.b.newBlock("mapper.body"),
                end = g.b.newBlock("mapper.end");
        g.b.br(cond);
        g.b.setBlock(cond);
        g.b.condBr(g.b.cmp(Insn.CmpOp.LT, i, count), body, end);
        g.b.setBlock(body);
        Reg elem = g.fn.newReg(IrType.PTR, FunctionLowering.safeName(m.var().name));
        g.b.copy(elem, g.b.ptrAdd(begin, g.e.bin(Insn.BinOp.MUL, i, IntConst.i64(esz))));
        g.addrVars.put(m.var(), elem);
        MapBuilder mb = new MapBuilder(g);
        List<MapBuilder.Request> rs = new ArrayList<>();
        for (OmpClause.Map c : m.maps()) {
            long bits = MapBuilder.mapBits(c);
            for (int k = 0; k < c.items().size(); k++) {
                OmpClause.UserMapper nested = c.mapper(k);
                rs.add(new MapBuilder.Request(c.items().get(k), bits, nested, c.iterator()));
            }
        }
        mb.items(rs, 0);
        pushAll(g, handle, mb.out, type, wholeIdx);
        g.b.copy(i, g.e.bin(Insn.BinOp.ADD, i, IntConst.i64(1)));
        g.b.br(cond);
        g.b.setBlock(end);
        f.unit.module.functions.add(g.finishOutlined());
        return name;
    }

    /**
     * Pushes entries made for one element (or one iterator value): their MEMBER_OF indices
     * counted from the components already pushed, the others members of entry {@code parent}
     * (null: none), the types combined with {@code incoming} (null: as they are).
     */
    private static void pushAll(
            FunctionLowering g, Reg handle, List<MapBuilder.Entry> es, Value incoming, Value parent) {
        Value base0 = numComponents(g, handle);
        Value shift = g.e.bin(Insn.BinOp.SHL, base0, IntConst.i64(48));
        for (MapBuilder.Entry e : es) {
            long t = e.type() & ~MapType.TARGET_PARAM;
            Value type;
            if ((t >>> 48) != 0) type = g.e.bin(Insn.BinOp.ADD, IntConst.i64(t), shift);
            else if (parent != null)
                type = g.e.bin(
                        Insn.BinOp.OR,
                        IntConst.i64(t),
                        g.e.bin(Insn.BinOp.SHL, g.e.bin(Insn.BinOp.ADD, parent, IntConst.i64(1)), IntConst.i64(48)));
            else type = IntConst.i64(t);
            if (incoming != null) type = g.omp.call(EntryPoints.MAPPER_TYPE, IrType.I64, incoming, type);
            Value name = TargetLowering.mapName(g, e);
            if (e.mapper() != null) {
                g.unit.useFunction(e.mapper(), SIG);
                g.b.call(e.mapper(), SIG, List.of(handle, e.base(), e.begin(), e.size(), type, name));
            } else push(g, handle, e.base(), e.begin(), e.size(), type, name);
        }
    }

    private static void push(
            FunctionLowering g, Value handle, Value base, Value begin, Value size, Value type, Value name) {
        g.omp.call(EntryPoints.TGT_PUSH_MAPPER_COMPONENT, IrType.VOID, handle, base, begin, size, type, name);
    }

    private static Value numComponents(FunctionLowering g, Value handle) {
        return g.omp.call(EntryPoints.TGT_MAPPER_NUM_COMPONENTS, IrType.I64, handle);
    }

    // ---- iterators -------------------------------------------------------------------------

    /** The variables an iterator item uses (its expressions and the ranges), but not the iterators. */
    private static List<Var> uses(MapBuilder.Request r) {
        List<Expr> exprs = new ArrayList<>();
        exprs.add(r.item().expr());
        for (var s : r.item().sections()) {
            exprs.add(s.lower());
            exprs.add(s.length());
            exprs.add(s.stride());
        }
        OmpClause.Iterator it = r.iterator();
        exprs.addAll(it.begins());
        exprs.addAll(it.ends());
        exprs.addAll(it.steps());
        Set<Var> refs = OmpCaptures.refs(exprs);
        List<Var> out = new ArrayList<>();
        for (Var v : refs) if (!it.vars().contains(v) && OmpCaptures.isAutomatic(v)) out.add(v);
        return out;
    }

    /** The block of addresses an iterator function reads its variables from (built in f). */
    static Value iteratorCaptures(FunctionLowering f, MapBuilder.Request r) {
        List<Var> caps = uses(r);
        Slot block = f.fn.newSlot(null, 8L * Math.max(1, caps.size()), 8);
        Value base = f.b.slotAddr(block);
        for (int k = 0; k < caps.size(); k++) f.b.store(f.varAddress(caps.get(k)), OmpLowering.at(f, base, 8L * k));
        return base;
    }

    /** The function that pushes an iterator item's entries (motion: as a motion clause's) for every value of its iterators. */
    static String iteratorFunction(FunctionLowering f, MapBuilder.Request r, boolean motion) {
        String name = f.unit.outlinedName(f.def.var().name + ".omp_iterator");
        FunctionLowering g = new FunctionLowering(f.unit, f.def);
        List<Reg> p = g.beginOutlined(name, SIG, null);
        Reg handle = p.get(0), caps = p.get(1);
        List<Var> vars = uses(r);
        for (int k = 0; k < vars.size(); k++) {
            Reg a = g.fn.newReg(IrType.PTR, FunctionLowering.safeName(vars.get(k).name));
            g.b.copy(a, g.b.load(IrType.PTR, OmpLowering.at(g, caps, 8L * k)));
            g.addrVars.put(vars.get(k), a);
        }
        OmpClause.Iterator it = r.iterator();
        loops(g, it, 0, () -> {
            MapBuilder mb = new MapBuilder(g);
            MapBuilder.Request one = new MapBuilder.Request(r.item(), r.bits(), r.mapper(), null);
            if (motion) mb.motion(List.of(one));
            else mb.items(List.of(one), 0);
            pushAll(g, handle, mb.out, null, null);
        });
        f.unit.module.functions.add(g.finishOutlined());
        return name;
    }

    /** Nested loops over the iterators from the k-th: each runs from its begin while below its end (above, for a negative step). */
    static void loops(FunctionLowering g, OmpClause.Iterator it, int k, Runnable body) {
        if (k == it.vars().size()) {
            body.run();
            return;
        }
        Var v = it.vars().get(k);
        Type t = v.type;
        Reg r = g.fn.newReg(TypeMap.reg(t), FunctionLowering.safeName(v.name));
        g.regVars.put(v, r);
        g.b.copy(r, g.rvalue(it.begins().get(k)));
        Value end = g.rvalue(it.ends().get(k));
        Expr stepExpr = it.steps().get(k);
        Value step = stepExpr == null ? IntConst.i64(1) : g.e.convert(g.rvalue(stepExpr), stepExpr.type(), Type.LONG);
        BasicBlock cond = g.b.newBlock("iter.cond"), body2 = g.b.newBlock("iter.body"), done = g.b.newBlock("iter.end");
        g.b.br(cond);
        g.b.setBlock(cond);
        boolean unsigned = t.isPointer() || TypeMap.isUnsigned(t);
        Value up = g.b.cmp(Insn.CmpOp.GT, step, IntConst.i64(0));
        Value below = g.b.cmp(unsigned ? Insn.CmpOp.ULT : Insn.CmpOp.LT, r, end);
        Value above = g.b.cmp(unsigned ? Insn.CmpOp.UGT : Insn.CmpOp.GT, r, end);
        g.b.condBr(LoopNest.select(g, up, below, above), body2, done);
        g.b.setBlock(body2);
        loops(g, it, k + 1, body);
        Value next;
        if (t.isPointer())
            next = g.b.ptrAdd(r, g.e.bin(Insn.BinOp.MUL, step, IntConst.i64(Math.max(1, t.base.size()))));
        else next = g.e.bin(Insn.BinOp.ADD, r, g.e.convert(step, Type.LONG, t));
        g.b.copy(r, next);
        g.b.br(cond);
        g.b.setBlock(done);
    }
}
