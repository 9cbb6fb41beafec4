package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * Scalar replacement of aggregates (LLVM's SROA, first half): a struct, union or array slot whose
 * address does not escape ({@link SlotAccesses}) is split into one slot per piece, a piece being
 * a range of bytes the function loads and stores as one scalar; the memcpys and memsets that
 * copy or fill such slots (struct assignment, arguments and results passed as copies, initial
 * values) become loads and stores of the pieces. {@link PromoteSlots} then makes each piece a
 * register. After inlining this takes a {@code struct { double r, i; }} passed and returned by
 * value apart into two doubles, with no native memory left.
 *
 * <p>A slot is split only when its scalar accesses do not overlap one another (a union read as
 * another member of a different size stays in memory), and no memcpy or memset covers part of a
 * piece. Bytes that only memcpys and memsets touch (padding, members the function never reads
 * itself) become integer pieces of their natural alignment. Two slots copied into one another
 * must be cut at the same places; cuts are carried from one to the other, and where they cannot
 * agree both stay in memory. Slots of more than {@link #MAX_PIECES} pieces are left alone.
 */
public final class ScalarReplacement implements Pass {
    @Override
    public String name() {
        return "sroa";
    }

    static final int MAX_PIECES = 16;

    /** One piece: a byte range of the old slot, the scalar type it is accessed as, its new slot. */
    private record Piece(long off, int size, IrType type, Slot slot) {}

    /** A slot being split: its scalar fields, then its pieces by offset. */
    private static final class Split {
        final TreeMap<Long, IrType> fields = new TreeMap<>();
        /** Extra boundaries in bytes no scalar access covers. */
        final TreeSet<Long> cuts = new TreeSet<>();
        /** Byte ranges memcpy and memset cover, as [start, end) pairs. */
        final List<long[]> covered = new ArrayList<>();

        final TreeMap<Long, Piece> pieces = new TreeMap<>();
    }

    private Function f;
    private SlotAccesses acc;
    private final Map<Slot, Split> splits =
            new java.util.LinkedHashMap<>(); // in order met: slot and register numbers are the same every run

    @Override
    public boolean run(Function fn) {
        if (fn.slots.isEmpty()) return false;
        f = fn;
        splits.clear();
        acc = SlotAccesses.of(fn);
        for (var e : acc.uses.entrySet()) {
            Split s = fields(e.getKey(), e.getValue());
            if (s != null) splits.put(e.getKey(), s);
        }
        propagateCuts();
        for (var e : splits.entrySet()) pieces(e.getKey(), e.getValue());
        dropDisagreeingCopies();
        splits.entrySet()
                .removeIf(e -> e.getValue().pieces.isEmpty()
                        || e.getValue().pieces.size() > MAX_PIECES
                        || alreadyScalar(e.getKey(), e.getValue()));
        if (splits.isEmpty()) return false;
        rewrite();
        return true;
    }

    // ---- the pieces ------------------------------------------------------------------------------

    /** The scalar fields of a slot and the ranges copied or filled; null when accesses overlap. */
    private Split fields(Slot slot, List<Insn> uses) {
        Split s = new Split();
        for (Insn i : uses) {
            switch (i) {
                case Insn.Load l -> {
                    if (!field(s, acc.place(l.addr()).off(), l.dst().type())) return null;
                }
                case Insn.Store st -> {
                    if (!field(s, acc.place(st.addr()).off(), st.value().type())) return null;
                }
                case Insn.MemCopy m -> {
                    long n = ((IntConst) m.size()).value();
                    for (Value v : List.of(m.dstAddr(), m.srcAddr()))
                        if (acc.place(v) instanceof SlotAccesses.Place p && p.slot() == slot)
                            s.covered.add(new long[] {p.off(), p.off() + n});
                }
                case Insn.MemSet m -> {
                    long off = acc.place(m.dstAddr()).off();
                    s.covered.add(new long[] {off, off + ((IntConst) m.size()).value()});
                }
                default -> throw new IllegalStateException(i.toString());
            }
        }
        for (long[] r : s.covered) if (inside(s, r[0]) || inside(s, r[1])) return null;
        return s;
    }

    /** Adds a scalar field; false when it overlaps another that is not the same range. */
    private static boolean field(Split s, long off, IrType t) {
        var below = s.fields.floorEntry(off + t.size - 1);
        if (below != null) {
            if (below.getKey() == off) return below.getValue().size == t.size;
            if (below.getKey() + below.getValue().size > off) return false;
        }
        s.fields.put(off, t);
        return true;
    }

    /** Whether a boundary at b falls strictly inside a scalar field. */
    private static boolean inside(Split s, long b) {
        var e = s.fields.lowerEntry(b);
        return e != null && e.getKey() + e.getValue().size > b;
    }

    /**
     * Where a memcpy copies between two slots being split, every field boundary of one, in the
     * copied range, must be a boundary of the other: added there as a cut when it falls between
     * fields, else neither slot is split.
     */
    private void propagateCuts() {
        for (boolean again = true; again; ) {
            again = false;
            for (Insn.MemCopy m : copiesBetweenSplits()) {
                SlotAccesses.Place d = acc.place(m.dstAddr()), s = acc.place(m.srcAddr());
                long n = ((IntConst) m.size()).value();
                Split sd = splits.get(d.slot()), ss = splits.get(s.slot());
                for (int dir = 0; dir < 2 && sd != null && ss != null; dir++) {
                    Split from = dir == 0 ? sd : ss, to = dir == 0 ? ss : sd;
                    long fromOff = dir == 0 ? d.off() : s.off(), toOff = dir == 0 ? s.off() : d.off();
                    for (long b : boundaries(from, fromOff, fromOff + n)) {
                        long mapped = b - fromOff + toOff;
                        if (inside(to, mapped)) {
                            splits.remove(d.slot());
                            splits.remove(s.slot());
                            again = true;
                            break;
                        }
                        if (!to.fields.containsKey(mapped) && !endsField(to, mapped) && to.cuts.add(mapped))
                            again = true;
                    }
                    if (!splits.containsKey(d.slot())) break;
                }
            }
        }
    }

    private static boolean endsField(Split s, long b) {
        var e = s.fields.lowerEntry(b);
        return e != null && e.getKey() + e.getValue().size == b;
    }

    /** The field starts, ends and cuts strictly between lo and hi. */
    private static List<Long> boundaries(Split s, long lo, long hi) {
        TreeSet<Long> out = new TreeSet<>();
        for (var e : s.fields.entrySet()) {
            out.add(e.getKey());
            out.add(e.getKey() + e.getValue().size);
        }
        out.addAll(s.cuts);
        return new ArrayList<>(out.subSet(lo, false, hi, false));
    }

    private List<Insn.MemCopy> copiesBetweenSplits() {
        List<Insn.MemCopy> out = new ArrayList<>();
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns)
                if (i instanceof Insn.MemCopy m
                        && acc.place(m.dstAddr()) instanceof SlotAccesses.Place d
                        && acc.place(m.srcAddr()) instanceof SlotAccesses.Place s
                        && splits.containsKey(d.slot())
                        && splits.containsKey(s.slot())) out.add(m);
        return out;
    }

    /** The pieces: the scalar fields, and the covered bytes between them cut into aligned integers. */
    private void pieces(Slot slot, Split s) {
        for (var e : s.fields.entrySet())
            s.pieces.put(e.getKey(), new Piece(e.getKey(), e.getValue().size, e.getValue(), null));
        TreeSet<Long> ends = new TreeSet<>(s.cuts);
        for (var e : s.fields.entrySet()) {
            ends.add(e.getKey());
            ends.add(e.getKey() + e.getValue().size);
        }
        for (long[] r : s.covered) {
            ends.add(r[0]);
            ends.add(r[1]);
        }
        for (long[] r : s.covered) {
            for (long p = r[0]; p < r[1]; ) {
                var field = s.fields.floorEntry(p);
                if (field != null && field.getKey() + field.getValue().size > p) {
                    p = field.getKey() + field.getValue().size;
                    continue;
                }
                if (s.pieces.containsKey(p)) {
                    p += s.pieces.get(p).size();
                    continue;
                }
                Long next = ends.higher(p);
                long end = Math.min(r[1], next == null ? r[1] : next);
                int k = 8;
                while (k > 1 && (p % k != 0 || p + k > end || k > slot.align)) k /= 2;
                IrType t = switch (k) {
                    case 8 -> IrType.I64;
                    case 4 -> IrType.I32;
                    case 2 -> IrType.I16;
                    default -> IrType.I8;
                };
                s.pieces.put(p, new Piece(p, k, t, null));
                ends.add(p + k);
                p += k;
            }
        }
    }

    /** Copies between two split slots whose pieces do not line up leave both in memory. */
    private void dropDisagreeingCopies() {
        for (boolean again = true; again; ) {
            again = false;
            for (Insn.MemCopy m : copiesBetweenSplits()) {
                SlotAccesses.Place d = acc.place(m.dstAddr()), s = acc.place(m.srcAddr());
                long n = ((IntConst) m.size()).value();
                Split sd = splits.get(d.slot()), ss = splits.get(s.slot());
                if (sd == null || ss == null) continue; // dropped by an earlier copy of this round
                if (!sameCuts(sd, d.off(), ss, s.off(), n)) {
                    splits.remove(d.slot());
                    splits.remove(s.slot());
                    again = true;
                }
            }
        }
    }

    private static boolean sameCuts(Split a, long ao, Split b, long bo, long n) {
        for (long r = 0; r < n; ) {
            Piece x = a.pieces.get(ao + r), y = b.pieces.get(bo + r);
            if (x == null || y == null || x.size() != y.size()) return false;
            r += x.size();
        }
        return true;
    }

    /** A slot accessed only whole, as one scalar, needs no split: promotion takes it as it is. */
    private static boolean alreadyScalar(Slot slot, Split s) {
        return s.covered.isEmpty()
                && s.pieces.size() == 1
                && s.pieces.firstKey() == 0
                && s.pieces.firstEntry().getValue().size() == slot.size;
    }

    // ---- the rewrite -----------------------------------------------------------------------------

    private void rewrite() {
        for (var e : splits.entrySet()) {
            Slot old = e.getKey();
            Split s = e.getValue();
            for (var p : s.pieces.entrySet()) {
                Piece x = p.getValue();
                int align = old.align;
                while (align > 1 && x.off() % align != 0) align /= 2;
                p.setValue(new Piece(x.off(), x.size(), x.type(), f.newSlot(old.name, x.size(), Math.max(1, align))));
            }
        }
        Set<Insn> touched = Collections.newSetFromMap(new IdentityHashMap<>());
        for (var e : acc.uses.entrySet()) if (splits.containsKey(e.getKey())) touched.addAll(e.getValue());
        for (BasicBlock b : f.blocks) {
            List<Insn> out = new ArrayList<>(b.insns.size());
            for (Insn i : b.insns) {
                if (!touched.contains(i)) {
                    out.add(i);
                    continue;
                }
                List<Insn> repl = new ArrayList<>();
                switch (i) {
                    case Insn.Load l -> repl.add(new Insn.Load(l.dst(), address(repl, l.addr(), 0)));
                    case Insn.Store st -> repl.add(new Insn.Store(st.value(), address(repl, st.addr(), 0)));
                    case Insn.MemCopy m -> copy(repl, m);
                    case Insn.MemSet m -> fill(repl, m);
                    default -> throw new IllegalStateException(i.toString());
                }
                for (Insn n : repl) f.moveLine(i, n);
                out.addAll(repl);
            }
            b.insns.clear();
            b.insns.addAll(out);
        }
        f.slots.removeAll(splits.keySet());
    }

    /** The piece at addr + rel of a split slot, or null when addr is not in one. */
    private Piece piece(Value addr, long rel) {
        SlotAccesses.Place p = acc.place(addr);
        Split s = p == null ? null : splits.get(p.slot());
        return s == null ? null : s.pieces.get(p.off() + rel);
    }

    /** An address for addr + rel: a split slot's piece, else the sum. */
    private Value address(List<Insn> out, Value addr, long rel) {
        Piece x = piece(addr, rel);
        if (x != null) {
            Reg r = f.newReg(IrType.PTR);
            out.add(new Insn.SlotAddr(r, x.slot()));
            return r;
        }
        if (rel == 0) return addr;
        Reg r = f.newReg(IrType.PTR);
        out.add(new Insn.Binary(Insn.BinOp.ADD, r, addr, IntConst.i64(rel)));
        return r;
    }

    /** A memcpy touching a split slot: a load and a store per piece. */
    private void copy(List<Insn> out, Insn.MemCopy m) {
        long n = ((IntConst) m.size()).value();
        boolean dstSplit = piece(m.dstAddr(), 0) != null;
        for (long r = 0; r < n; ) {
            Piece ref = dstSplit ? piece(m.dstAddr(), r) : piece(m.srcAddr(), r);
            Piece src = piece(m.srcAddr(), r), dst = piece(m.dstAddr(), r);
            IrType lt = src != null ? src.type() : ref.type(), st = dst != null ? dst.type() : ref.type();
            Reg v = f.newReg(lt);
            out.add(new Insn.Load(v, address(out, m.srcAddr(), r)));
            out.add(new Insn.Store(PromoteSlots.convert(f, out, v, st), address(out, m.dstAddr(), r)));
            r += ref.size();
        }
    }

    /** A memset of a split slot: each piece stores the byte repeated. */
    private void fill(List<Insn> out, Insn.MemSet m) {
        long n = ((IntConst) m.size()).value();
        long fillByte = ((IntConst) m.value()).value() & 0xff;
        for (long r = 0; r < n; ) {
            Piece x = piece(m.dstAddr(), r);
            long bits = 0;
            for (int k = 0; k < x.size(); k++) bits = bits << 8 | fillByte;
            Value c = switch (x.type()) {
                case F64 -> new FloatConst(IrType.F64, Double.longBitsToDouble(bits));
                case F32 -> new FloatConst(IrType.F32, Float.intBitsToFloat((int) bits));
                case I8 -> new IntConst(IrType.I8, (byte) bits);
                case I16 -> new IntConst(IrType.I16, (short) bits);
                case I32 -> new IntConst(IrType.I32, (int) bits);
                default -> new IntConst(x.type(), bits);
            };
            out.add(new Insn.Store(c, address(out, m.dstAddr(), r)));
            r += x.size();
        }
    }
}
