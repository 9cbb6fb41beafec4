package jomp.compiler.lower;

import static jomp.offload.abi.MapType.ALWAYS;
import static jomp.offload.abi.MapType.CLOSE;
import static jomp.offload.abi.MapType.DELETE;
import static jomp.offload.abi.MapType.FROM;
import static jomp.offload.abi.MapType.NON_CONTIG;
import static jomp.offload.abi.MapType.OMPX_HOLD;
import static jomp.offload.abi.MapType.PRESENT;
import static jomp.offload.abi.MapType.PTR_AND_OBJ;
import static jomp.offload.abi.MapType.TARGET_PARAM;
import static jomp.offload.abi.MapType.TO;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * The entries of the map arrays (offload-abi.md §2) for a construct's list items, laid out as
 * clang's generateInfoForComponentList lays them out, so that libomptarget's algorithms (the
 * runtime's DataMapping) map them:
 *
 * <ul>
 * <li>An item is its variable, member and subscript steps, cut at each pointer it goes through
 *     ({@code s.p[:n]} goes through {@code s.p}; {@code q->p[:4]} through {@code q} and
 *     {@code q->p}). Its <em>object</em> is the variable's storage, or, when the item goes through
 *     the variable itself (a pointer variable: {@code p[0:n]}, {@code q->x}), what it points to.
 * <li>The items of one object form a group. A group of one item that stays in the object is one
 *     entry ({@code &a, &a[1], 23*sizeof(int)}). Otherwise a combined entry spans the object's
 *     parts the items use (allocated once), and each item follows as a MEMBER_OF entry; an item
 *     that goes through pointers of the object adds PTR_AND_OBJ entries that map each pointee and
 *     attach it to its pointer: {@code map(to: s.p[:22])} is {@code &s, &s.p, 8, PARAM} then
 *     {@code &s.p, &s.p[0], 176, MEMBER_OF(1) | PTR_AND_OBJ | TO}.
 * <li>The first entry of a group is the kernel parameter of its variable: the device address of
 *     the variable (by reference), or, for an object reached through a pointer variable, the
 *     pointer's device value (by value).
 * <li>Several items of one variable (map(alloc: x) map(to: x)) share a combined entry, so the
 *     runtime counts the mapping once and applies every map type (OpenMP 5.2 §5.8.3).
 * <li>Strided sections become NON_CONTIG entries whose begin points to one (offset, count,
 *     stride) descriptor per dimension; items with a mapper or an iterator name a function the
 *     runtime calls for their components ({@link MapperLowering}).
 * </ul>
 */
final class MapBuilder {
    /** How a kernel receives a variable: the address of its device copy, or its value in the slot. */
    enum Pass {
        BYREF,
        BYVAL
    }

    /**
     * One entry of the map arrays. var is the variable a kernel parameter binds (null: none);
     * name the list item's text for the map names (null: "unknown"), at nameLoc; mapper the
     * function the runtime calls for the entry's components (null: none).
     */
    record Entry(
            Value base,
            Value begin,
            Value size,
            long type,
            Var var,
            Pass pass,
            String name,
            SourceLocation nameLoc,
            String mapper) {
        Entry withType(long t) {
            return new Entry(base, begin, size, t, var, pass, name, nameLoc, mapper);
        }

        Entry withoutVar() {
            return new Entry(base, begin, size, type, null, pass, name, nameLoc, mapper);
        }
    }

    /** A list item with what its clause says of it. */
    record Request(OmpDirective.Item item, long bits, OmpClause.UserMapper mapper, OmpClause.Iterator iterator) {}

    private final FunctionLowering f;
    final List<Entry> out = new ArrayList<>();

    MapBuilder(FunctionLowering f) {
        this.f = f;
    }

    static long mapBits(OmpClause.Map m) {
        long bits = switch (m.type()) {
            case TO -> TO;
            case FROM -> FROM;
            case TOFROM -> TO | FROM;
            case ALLOC, RELEASE -> 0;
            case DELETE -> DELETE;
        };
        if (m.modifiers().contains(OmpDirective.MapModifier.ALWAYS)) bits |= ALWAYS;
        if (m.modifiers().contains(OmpDirective.MapModifier.CLOSE)) bits |= CLOSE;
        if (m.modifiers().contains(OmpDirective.MapModifier.PRESENT)) bits |= PRESENT;
        if (m.modifiers().contains(OmpDirective.MapModifier.OMPX_HOLD)) bits |= OMPX_HOLD;
        if (m.modifiers().contains(OmpDirective.MapModifier.SELF)) bits |= jomp.offload.abi.MapType.SELF;
        if (m.modifiers().contains(OmpDirective.MapModifier.DELETE)) bits |= DELETE;
        if (m.modifiers().contains(OmpDirective.MapModifier.ATTACH_ALWAYS))
            bits |= jomp.offload.abi.MapType.ATTACH_ALWAYS;
        if (m.modifiers().contains(OmpDirective.MapModifier.ATTACH_NEVER))
            bits |= jomp.offload.abi.MapType.ATTACH_NEVER;
        return bits;
    }

    static long memberOf(int parent) {
        return (long) (parent + 1) << 48;
    }

    // ---- items ---------------------------------------------------------------------------------

    /**
     * An item taken apart: its variable, whether its object is what the variable points to, and
     * the pointer expressions it goes through beyond its object (outermost first).
     */
    private record Shape(Var root, boolean throughRoot, List<Expr> pointers) {}

    private Shape shape(OmpDirective.Item it) {
        List<Expr> derefs = new ArrayList<>();
        collect(it.expr(), derefs);
        Var root = it.var();
        boolean through = !derefs.isEmpty()
                && stripCasts(derefs.get(0)) instanceof Expr.VarRef r
                && r.var() == root
                && captured(root);
        return new Shape(root, through, through ? derefs.subList(1, derefs.size()) : derefs);
    }

    /** The pointer rvalues e dereferences, from its variable outward. */
    private static void collect(Expr e, List<Expr> derefs) {
        e = stripCasts(e);
        switch (e) {
            case Expr.Member m -> collect(m.base(), derefs); // s.m, a[i].m, p->m (a dereference of p)
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.DEREF -> {
                Expr x = stripCasts(u.operand());
                Expr ptr = x;
                if (x instanceof Expr.Binary b && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB))
                    ptr = stripCasts(b.left().type().isPointer() ? b.left() : b.right());
                if (ptr instanceof Expr.Decay d) collect(d.operand(), derefs); // an array's element: no pointer
                else {
                    collect(ptr, derefs);
                    derefs.add(ptr);
                }
            }
            case Expr.Decay d -> collect(d.operand(), derefs);
            default -> {}
        }
    }

    static Expr stripCasts(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }

    /** Is v a kernel parameter of the construct (a local, or a global that is not declare target)? */
    boolean captured(Var v) {
        if (v.isFunction()) return false;
        if (OmpCaptures.isAutomatic(v)) return true;
        // a groupprivate variable of the devices is each team's own there, never mapped
        if (v.groupPrivate != null && !v.groupPrivate.equals("host")) return false;
        return v.storage != Var.Storage.TYPEDEF && !f.unit.isDeclareTarget(v);
    }

    // ---- groups --------------------------------------------------------------------------------

    /**
     * The entries of these items (clause order), grouped by object; {@code param} is TARGET_PARAM
     * for a kernel, 0 for a data construct. Returns the variables given a parameter.
     */
    List<Var> items(List<Request> requests, long param) {
        Map<String, List<Request>> groups = new LinkedHashMap<>();
        Map<String, Shape> shapes = new LinkedHashMap<>();
        List<Var> bound = new ArrayList<>();
        List<Request> iterated = new ArrayList<>();
        // a pointer listed whole beside items through it (map(p, p[:n]), in either order) is
        // attached to its pointee, as clang lays it out: the pointer's own item goes, and the
        // group's first entry becomes PTR_AND_OBJ with the pointer's storage as its base
        Set<Var> through = new HashSet<>(), attached = new HashSet<>();
        for (Request r : requests)
            if (r.iterator() == null && shape(r.item()).throughRoot())
                through.add(r.item().var());
        for (Request r : requests) {
            if (r.iterator() != null) {
                iterated.add(r);
                continue;
            }
            if (wholePointer(r.item()) && through.contains(r.item().var())) {
                attached.add(r.item().var());
                continue;
            }
            Shape s = shape(r.item());
            String key = System.identityHashCode(s.root()) + (s.throughRoot() ? "*" : "&") + s.root().name;
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
            shapes.putIfAbsent(key, s);
        }
        for (Map.Entry<String, List<Request>> g : groups.entrySet()) {
            Shape first = shapes.get(g.getKey());
            Var v = first.root();
            boolean bind = param != 0 && captured(v) && !bound.contains(v);
            if (bind) bound.add(v);
            group(
                    g.getValue(),
                    v,
                    first.throughRoot(),
                    bind ? new Binding(v, first.throughRoot() ? Pass.BYVAL : Pass.BYREF) : null,
                    first.throughRoot() && attached.contains(v));
        }
        // items with an iterator: a function maps them for every value of the iterators, after the
        // others (whose storage they may lie in, as rows[i][0:n] lies in a mapped rows[0:m])
        for (Request r : iterated)
            out.add(new Entry(
                    MapperLowering.iteratorCaptures(f, r),
                    IntConst.ptr(0),
                    IntConst.i64(0),
                    r.bits(),
                    null,
                    Pass.BYREF,
                    r.item().text(),
                    r.item().var().loc,
                    MapperLowering.iteratorFunction(f, r, false)));
        return bound;
    }

    /** The kernel parameter a group's first entry is: its variable and how it travels. */
    private record Binding(Var var, Pass pass) {}

    /** Is the item a pointer variable itself (map(p))? */
    private static boolean wholePointer(OmpDirective.Item it) {
        return it.var() != null
                && it.sections().isEmpty()
                && stripCasts(it.expr()) instanceof Expr.VarRef r
                && r.var() == it.var()
                && r.var().type.isPointer();
    }

    private void group(List<Request> rs, Var root, boolean throughRoot, Binding binding, boolean attach) {
        Value objBase = throughRoot ? f.readVar(root) : f.varAddress(root);
        // attached: the first entry maps the pointer too and points its device copy at the pointee (the kernel still
        // gets its value)
        Value firstBase = attach ? f.varAddress(root) : objBase;
        long attachBit = attach ? PTR_AND_OBJ : 0;
        long paramBit = binding == null ? 0 : TARGET_PARAM;
        Var bv = binding == null ? null : binding.var();
        Pass pass = binding == null ? Pass.BYREF : binding.pass();
        if (rs.size() == 1) {
            Request r = rs.get(0);
            Shape s = shape(r.item());
            if (s.pointers().isEmpty()) { // one item in its object: one entry
                Range x = range(r.item());
                Value base = x.strided() ? x.arrayBase() : firstBase;
                out.add(new Entry(
                        base,
                        x.begin(),
                        x.size(),
                        r.bits() | paramBit | (x.strided() ? NON_CONTIG : attachBit),
                        bv,
                        pass,
                        r.item().text(),
                        r.item().var().loc,
                        mapper(r)));
                return;
            }
        }
        // a combined entry spanning the parts of the object the items use, then each item
        List<Shape> shapes = new ArrayList<>();
        Extent extent = extent(rs, shapes);
        if (extent == null) return;
        Value lo = extent.lo(), hi = extent.hi();
        Value span = f.b.binary(
                Insn.BinOp.SUB,
                f.e.conv(Insn.ConvOp.BITCAST, hi, IrType.I64),
                f.e.conv(Insn.ConvOp.BITCAST, lo, IrType.I64));
        int parent = out.size();
        out.add(new Entry(firstBase, lo, span, paramBit | attachBit, bv, pass, null, null, null));
        for (int k = 0; k < rs.size(); k++) {
            Request r = rs.get(k);
            Shape s = shapes.get(k);
            if (s.pointers().isEmpty()) {
                Range x = range(r.item());
                if (x.strided()) continue;
                out.add(new Entry(
                        objBase,
                        x.begin(),
                        x.size(),
                        r.bits() | memberOf(parent),
                        null,
                        Pass.BYREF,
                        r.item().text(),
                        r.item().var().loc,
                        mapper(r)));
                continue;
            }
            chain(r, s.pointers(), memberOf(parent));
        }
    }

    /** The bytes [lo, hi) of an object that its list items use. */
    private record Extent(Value lo, Value hi) {}

    /**
     * The extent of the object the items use, each item's shape added to shapes; null when no
     * item has one (a strided section among several items is an error).
     */
    private Extent extent(List<Request> rs, List<Shape> shapes) {
        Value lo = null, hi = null;
        for (Request r : rs) {
            Shape s = shape(r.item());
            shapes.add(s);
            Value b, e;
            if (s.pointers().isEmpty()) {
                Range x = range(r.item());
                if (x.strided()) {
                    f.unit.diags.error(
                            r.item().loc(),
                            "a strided array section must be the only list item of its variable in a map clause");
                    continue;
                }
                b = x.begin();
                e = f.b.ptrAdd(b, x.size());
            } else {
                b = f.address(stripCasts(s.pointers().get(0)));
                e = f.b.ptrAdd(b, IntConst.i64(8));
            }
            lo = lo == null ? b : LoopNest.select(f, f.b.cmp(Insn.CmpOp.ULT, b, lo), b, lo);
            hi = hi == null ? e : LoopNest.select(f, f.b.cmp(Insn.CmpOp.UGT, e, hi), e, hi);
        }
        return lo == null ? null : new Extent(lo, hi);
    }

    /**
     * The entries of an item that goes through pointers of its object: each pointee mapped and
     * attached to its pointer (PTR_AND_OBJ), intermediate pointees just the pointer they hold.
     */
    private void chain(Request r, List<Expr> pointers, long member) {
        for (int k = 1; k < pointers.size(); k++) {
            Value holder = f.address(stripCasts(pointers.get(k - 1)));
            Value ptr = f.address(stripCasts(pointers.get(k)));
            out.add(new Entry(
                    holder,
                    ptr,
                    IntConst.i64(8),
                    PTR_AND_OBJ | (k == 1 ? member : 0),
                    null,
                    Pass.BYREF,
                    null,
                    null,
                    null));
        }
        Range x = range(r.item());
        if (x.strided()) {
            f.unit.diags.error(
                    r.item().loc(), "a strided array section cannot be reached through a pointer in a map clause");
            return;
        }
        Value holder = f.address(stripCasts(pointers.get(pointers.size() - 1)));
        out.add(new Entry(
                holder,
                x.begin(),
                x.size(),
                r.bits() | PTR_AND_OBJ | (pointers.size() == 1 ? member : 0),
                null,
                Pass.BYREF,
                r.item().text(),
                r.item().var().loc,
                mapper(r)));
    }

    private String mapper(Request r) {
        return r.mapper() == null ? null : MapperLowering.mapperFunction(f, r.mapper());
    }

    /**
     * The entries of a motion clause's items (target update): one per item, its storage, the
     * direction and present in bits.
     */
    void motion(List<Request> requests) {
        for (Request r : requests) {
            if (r.iterator() != null) {
                out.add(new Entry(
                        MapperLowering.iteratorCaptures(f, r),
                        IntConst.ptr(0),
                        IntConst.i64(0),
                        r.bits(),
                        null,
                        Pass.BYREF,
                        r.item().text(),
                        r.item().var().loc,
                        MapperLowering.iteratorFunction(f, r, true)));
                continue;
            }
            Range x = range(r.item());
            Value base = x.strided() ? x.arrayBase() : x.begin();
            out.add(new Entry(
                    base,
                    x.begin(),
                    x.size(),
                    r.bits() | (x.strided() ? NON_CONTIG : 0),
                    null,
                    Pass.BYREF,
                    r.item().text(),
                    r.item().var().loc,
                    mapper(r)));
        }
    }

    // ---- storage of an item --------------------------------------------------------------------

    /**
     * Where an item's storage begins and how long it is; for a strided section, begin is the
     * address of its descriptors, size their number, arrayBase the address their offsets count from.
     */
    record Range(Value begin, Value size, boolean strided, Value arrayBase) {}

    Range range(OmpDirective.Item it) {
        if (it.sections().isEmpty()) {
            Value a = f.address(it.expr());
            return new Range(a, f.sizeOf(it.expr().type()), false, null);
        }
        // the subscripted expression of each trailing section (after the last member access), outermost first
        List<OmpDirective.Section> all = it.sections();
        int trailing = 0;
        for (Expr x = stripCasts(it.expr()); isSubscript(x); x = stripDecay(peel(x))) trailing++;
        if (trailing == 0) {
            Value a = f.address(it.expr());
            return new Range(a, f.sizeOf(it.expr().type()), false, null);
        }
        List<OmpDirective.Section> secs = all.subList(all.size() - Math.min(trailing, all.size()), all.size());
        Expr e = it.expr();
        Expr[] subscripted = new Expr[secs.size()];
        for (int k = secs.size() - 1; k >= 0; k--) e = subscripted[k] = peel(e);
        Type t = stripDecay(subscripted[0]).type();
        boolean strided = secs.stream()
                .anyMatch(s -> s.stride() != null && !(s.stride() instanceof Expr.IntLit l && l.value() == 1));
        if (strided) return strided(secs, subscripted, t);
        Value begin = f.address(it.expr());
        Value size = IntConst.i64(0);
        for (int k = 0; k < secs.size(); k++) {
            OmpDirective.Section s = secs.get(k);
            Type elem = t.base;
            Value stride = f.sizeOf(elem);
            Value len = length(s, t, stride);
            Value part = k == secs.size() - 1
                    ? f.e.bin(Insn.BinOp.MUL, len, stride)
                    : f.e.bin(Insn.BinOp.MUL, f.e.bin(Insn.BinOp.SUB, len, IntConst.i64(1)), stride);
            size = f.e.bin(Insn.BinOp.ADD, size, part);
            t = elem;
        }
        return new Range(begin, size, false, null);
    }

    /** The number of elements of a section ([i] is one; [lo:] runs to the end of the array). */
    private Value length(OmpDirective.Section s, Type t, Value elemSize) {
        if (s.single()) return IntConst.i64(1);
        if (s.length() != null)
            return f.e.convert(f.rvalue(s.length()), s.length().type(), Type.LONG);
        Value dim = f.e.bin(Insn.BinOp.DIV, f.sizeOf(t), elemSize);
        Value lo = s.lower() == null
                ? IntConst.i64(0)
                : f.e.convert(f.rvalue(s.lower()), s.lower().type(), Type.LONG);
        Value span = f.e.bin(Insn.BinOp.SUB, dim, lo);
        if (s.stride() == null) return span;
        Value st = f.e.convert(f.rvalue(s.stride()), s.stride().type(), Type.LONG); // ceil(span / stride)
        return f.e.bin(Insn.BinOp.DIV, f.e.bin(Insn.BinOp.ADD, span, f.e.bin(Insn.BinOp.SUB, st, IntConst.i64(1))), st);
    }

    /** A strided section: the descriptors {offset, count, stride} in bytes, outermost first, then the element. */
    private Range strided(List<OmpDirective.Section> secs, Expr[] subscripted, Type t) {
        Expr root = stripDecay(subscripted[0]);
        Value arrayBase = root.type().isPointer() ? f.rvalue(root) : f.address(root);
        int dims = secs.size() + 1;
        Value desc = f.b.slotAddr(f.fn.newSlot(null, 24L * dims, 8));
        for (int k = 0; k < secs.size(); k++) {
            OmpDirective.Section s = secs.get(k);
            Type elem = t.base;
            Value es = f.sizeOf(elem);
            Value lo = s.lower() == null
                    ? IntConst.i64(0)
                    : f.e.convert(f.rvalue(s.lower()), s.lower().type(), Type.LONG);
            Value st = s.stride() == null
                    ? IntConst.i64(1)
                    : f.e.convert(f.rvalue(s.stride()), s.stride().type(), Type.LONG);
            Value at = OmpLowering.at(f, desc, 24L * k);
            f.b.store(f.e.bin(Insn.BinOp.MUL, lo, es), at);
            f.b.store(length(s, t, es), OmpLowering.at(f, desc, 24L * k + 8));
            f.b.store(f.e.bin(Insn.BinOp.MUL, st, es), OmpLowering.at(f, desc, 24L * k + 16));
            t = elem;
        }
        Value last = OmpLowering.at(f, desc, 24L * secs.size());
        f.b.store(IntConst.i64(0), last);
        f.b.store(IntConst.i64(1), OmpLowering.at(f, desc, 24L * secs.size() + 8));
        f.b.store(f.sizeOf(t), OmpLowering.at(f, desc, 24L * secs.size() + 16));
        return new Range(desc, IntConst.i64(dims), true, arrayBase);
    }

    /** Is e a subscript {@code x[i]} (which the parser builds as {@code *(x + i)})? */
    private static boolean isSubscript(Expr e) {
        return e instanceof Expr.Unary u
                && u.op() == Expr.Unary.Op.DEREF
                && stripCasts(u.operand()) instanceof Expr.Binary b
                && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB);
    }

    /** The subscripted expression of {@code x[i]} (which the parser builds as {@code *(x + i)}). */
    private static Expr peel(Expr e) {
        e = stripDecay(e);
        if (e instanceof Expr.Unary u && u.op() == Expr.Unary.Op.DEREF) e = stripCasts(u.operand());
        if (e instanceof Expr.Binary b && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB))
            e = stripCasts(b.left().type().isPointer() ? b.left() : b.right());
        return e;
    }

    private static Expr stripDecay(Expr e) {
        e = stripCasts(e);
        return e instanceof Expr.Decay d ? d.operand() : e;
    }
}
