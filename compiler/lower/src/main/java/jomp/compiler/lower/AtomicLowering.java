package jomp.compiler.lower;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * {@code #pragma omp atomic} (read, write, update, capture, compare with their memory-order
 * clauses), flush and the atomic combination of reductions as the IR's atomic instructions
 * (docs/design/openmp-lowering.md, "Atomics"). An update the hardware has an instruction for
 * (integer add, sub, and, or, xor, min, max of 4 or 8 bytes; floating-point add and sub; exchange)
 * is one {@code atomicrmw}; a compare-and-set of such an integer or pointer one {@code cmpxchg};
 * every other update of a scalar of at most 8 bytes (multiplication, division, shifts, conversions,
 * float min and max, char and short through the aligned 32-bit word around them) a compare-exchange
 * loop written here. Types no processor updates indivisibly ({@code _Complex}, {@code __int128}:
 * 16 bytes) and statement shapes not recognised here keep the runtime's one atomic lock
 * ({@link #atomic} returns false).
 */
final class AtomicLowering {
    private final FunctionLowering f;

    AtomicLowering(FunctionLowering f) {
        this.f = f;
    }

    // ---- orderings ---------------------------------------------------------------------------

    /** The construct's memory order (relaxed unless a clause says otherwise, as OpenMP 5.1 says). */
    static Insn.Ordering ordering(OmpDirective d) {
        if (d.hasFlag(OmpClause.FlagKind.SEQ_CST)) return Insn.Ordering.SEQ_CST;
        if (d.hasFlag(OmpClause.FlagKind.ACQ_REL)) return Insn.Ordering.ACQ_REL;
        if (d.hasFlag(OmpClause.FlagKind.RELEASE)) return Insn.Ordering.RELEASE;
        if (d.hasFlag(OmpClause.FlagKind.ACQUIRE)) return Insn.Ordering.ACQUIRE;
        return Insn.Ordering.MONOTONIC;
    }

    /** A read's ordering: acq_rel on atomic read is acquire (OpenMP 5.1 §2.19.7). */
    private static Insn.Ordering forLoad(Insn.Ordering o) {
        return o == Insn.Ordering.SEQ_CST ? o : o.acquires() ? Insn.Ordering.ACQUIRE : Insn.Ordering.MONOTONIC;
    }

    /** A write's ordering: acq_rel on atomic write is release. */
    private static Insn.Ordering forStore(Insn.Ordering o) {
        return o == Insn.Ordering.SEQ_CST ? o : o.releases() ? Insn.Ordering.RELEASE : Insn.Ordering.MONOTONIC;
    }

    /** A compare-exchange's ordering when it fails (a read: no release part). */
    static Insn.Ordering failure(Insn.Ordering o) {
        return switch (o) {
            case SEQ_CST -> Insn.Ordering.SEQ_CST;
            case ACQ_REL, ACQUIRE -> Insn.Ordering.ACQUIRE;
            default -> Insn.Ordering.MONOTONIC;
        };
    }

    /**
     * flush: a fence (seq_cst unless a memory-order clause says otherwise, as OpenMP 5.1 says), for
     * the device's threads, or with OpenMP 6.0's memscope(all) for the host's and every device's
     * too, memscope(cgroup) for the team's.
     */
    void flush(OmpDirective d) {
        Insn.Ordering o = ordering(d);
        f.b.fence(o == Insn.Ordering.MONOTONIC ? Insn.Ordering.SEQ_CST : o, memscope(d));
    }

    /**
     * Whether values of this type can be updated without a lock: scalars of at most 8 bytes (a
     * complex number or an __int128 is 16, which no instruction jomp targets updates at once).
     */
    static boolean lockFree(Type t) {
        return t.isScalar()
                && !t.isComplex
                && t.kind != Type.Kind.INT128
                && !TypeMap.inMemory(t)
                && t.size() <= 8
                && t.size() > 0;
    }

    /** An _Atomic object whose reads, writes and updates are atomic instructions (C11 6.2.5p27); larger ones are copied plainly. */
    static boolean atomicScalar(Type t) {
        return t.isAtomic() && lockFree(t);
    }

    // ---- #pragma omp atomic -------------------------------------------------------------------

    /**
     * The scope of the atomic construct being lowered (its memscope), device outside one: every
     * atomic instruction this class writes takes it (the builtins' too: C's atomics are device-wide).
     */
    private Insn.Scope scope = Insn.Scope.DEVICE;

    /** OpenMP 6.0's memscope(cgroup|device|all) of an atomic or flush; device when absent. */
    static Insn.Scope memscope(OmpDirective d) {
        for (OmpClause.Word w : d.clauses(OmpClause.Word.class))
            if (w.clause().equals("memscope"))
                return switch (w.value()) {
                    case "all" -> Insn.Scope.SYSTEM;
                    case "cgroup" -> Insn.Scope.CGROUP;
                    default -> Insn.Scope.DEVICE;
                };
        return Insn.Scope.DEVICE;
    }

    /** Lowers the construct with atomic instructions; false (nothing emitted) when it needs the lock. */
    boolean atomic(Stmt.Omp x) {
        scope = memscope(x.directive());
        try {
            return atomicInScope(x);
        } finally {
            scope = Insn.Scope.DEVICE;
        }
    }

    private boolean atomicInScope(Stmt.Omp x) {
        OmpDirective d = x.directive();
        Insn.Ordering o = ordering(d);
        Stmt s = x.body();
        if (d.hasFlag(OmpClause.FlagKind.COMPARE)) return compare(s, o);
        switch (d.atomic()) {
            case READ -> {
                if (!(s instanceof Stmt.ExprStmt es) || !(es.expr() instanceof Expr.Assign a)) return false;
                Expr xe = strip(a.value());
                if (!lockFree(xe.type()) || !plainLvalue(a.target()) || !plainLvalue(xe)) return false;
                Value v = read(xe, forLoad(o));
                assignTo(a.target(), f.convertValue(v, xe.type(), a.target().type()));
                return true;
            }
            case WRITE -> {
                if (!(s instanceof Stmt.ExprStmt es) || !(es.expr() instanceof Expr.Assign a)) return false;
                if (!lockFree(a.target().type()) || !plainLvalue(a.target())) return false;
                if (isRegister(a.target())) {
                    f.rvalue(a);
                    return true;
                }
                Value addr = f.address(a.target());
                Value v = f.rvalue(a.value());
                f.b.atomicStore(f.toMem(v, a.target().type()), addr, forStore(o), scope);
                return true;
            }
            case UPDATE -> {
                if (!(s instanceof Stmt.ExprStmt es)) return false;
                Update u = update(es.expr());
                if (u == null) return false;
                emit(u, o, false);
                return true;
            }
            default -> {
                return capture(s, o);
            }
        }
    }

    /** capture: {@code v = x++}, {@code v = x op= e}, {@code v = x = x op e}, or {@code {v = x; update}} / {@code {update; v = x;}}. */
    private boolean capture(Stmt s, Insn.Ordering o) {
        if (s instanceof Stmt.ExprStmt es && es.expr() instanceof Expr.Assign a && plainLvalue(a.target())) {
            Expr ue = strip(a.value());
            Update u = update(ue);
            if (u == null) return false;
            boolean old = ue instanceof Expr.IncDec id && !id.prefix();
            Value[] r = emit(u, o, !old);
            assignTo(
                    a.target(),
                    f.convertValue(old ? r[0] : r[1], u.x().type(), a.target().type()));
            return true;
        }
        if (!(s instanceof Stmt.Compound c) || c.items().size() != 2) return false;
        Stmt s1 = c.items().get(0), s2 = c.items().get(1);
        Expr.Assign read1 = readOf(s1), read2 = readOf(s2);
        // {v = x; update}: v gets the old value ({v = x; x = e;} is an exchange); {update; v = x}: the new one.
        // Which statement updates is told by the location: the other statement reads it.
        if (read1 != null
                && s2 instanceof Stmt.ExprStmt e2
                && updatedLvalue(e2.expr()) instanceof Expr x2
                && same(x2, strip(read1.value()))) {
            Update u = update(e2.expr());
            if (u == null) return false;
            Value[] r = emit(u, o, false);
            assignTo(
                    read1.target(),
                    f.convertValue(r[0], u.x().type(), read1.target().type()));
            return true;
        }
        if (read2 != null
                && s1 instanceof Stmt.ExprStmt e1
                && updatedLvalue(e1.expr()) instanceof Expr x1
                && same(x1, strip(read2.value()))) {
            Update u = update(e1.expr());
            if (u == null) return false;
            Value[] r = emit(u, o, true);
            assignTo(
                    read2.target(),
                    f.convertValue(r[1], u.x().type(), read2.target().type()));
            return true;
        }
        return false;
    }

    /** The location an update expression writes, or null. */
    private static Expr updatedLvalue(Expr e) {
        return switch (e) {
            case Expr.IncDec id -> id.target();
            case Expr.CompoundAssign ca -> ca.target();
            case Expr.Assign a -> a.target();
            default -> null;
        };
    }

    /** {@code v = x} with v and x plain lvalues, or null. */
    private static Expr.Assign readOf(Stmt s) {
        if (s instanceof Stmt.ExprStmt es
                && es.expr() instanceof Expr.Assign a
                && plainLvalue(a.target())
                && plainLvalue(strip(a.value()))
                && !(strip(a.value()) instanceof Expr.Assign)) return a;
        return null;
    }

    // ---- atomic compare (OpenMP 5.1) ------------------------------------------------------------

    /** A conditional update {@code if (cond(x)) x = value}: the comparison and the value. */
    private record Conditional(Expr x, Expr.Binary test, boolean xLeft, Expr value) {}

    private boolean compare(Stmt s, Insn.Ordering o) {
        Conditional c = conditional(s);
        if (c != null) {
            emitConditional(c, o);
            return true;
        }
        // capture forms: {v = x; cond-update}, {cond-update; v = x}, if (x == e) {x = d;} else {v = x;}
        if (s instanceof Stmt.If i
                && i.otherwise() != null
                && readOf(single(i.otherwise())) instanceof Expr.Assign v
                && (c = conditional(new Stmt.If(i.cond(), i.then(), null, i.loc()))) != null
                && same(c.x(), strip(v.value()))) {
            Value[] r = emitConditional(c, o);
            BasicBlock failed = f.b.newBlock("omp.atomic.failed"), done = f.b.newBlock("omp.atomic.done");
            f.b.condBr(r[2], done, failed);
            f.b.setBlock(failed);
            assignTo(v.target(), f.convertValue(r[0], c.x().type(), v.target().type()));
            f.b.br(done);
            f.b.setBlock(done);
            return true;
        }
        if (!(s instanceof Stmt.Compound cs) || cs.items().size() != 2) return false;
        Expr.Assign read1 = readOf(cs.items().get(0)), read2 = readOf(cs.items().get(1));
        if (read1 != null && (c = conditional(cs.items().get(1))) != null && same(c.x(), strip(read1.value()))) {
            Value[] r = emitConditional(c, o);
            assignTo(
                    read1.target(),
                    f.convertValue(r[0], c.x().type(), read1.target().type()));
            return true;
        }
        if (read2 != null && (c = conditional(cs.items().get(0))) != null && same(c.x(), strip(read2.value()))) {
            Value[] r = emitConditional(c, o);
            assignTo(
                    read2.target(),
                    f.convertValue(r[1], c.x().type(), read2.target().type()));
            return true;
        }
        return false;
    }

    private static Stmt single(Stmt s) {
        return s instanceof Stmt.Compound c && c.items().size() == 1 ? c.items().get(0) : s;
    }

    /** {@code x = e ordop x ? e : x}, {@code x = x == e ? d : x}, {@code if (e ordop x) { x = e; }}, {@code if (x == e) { x = d; }}. */
    private static Conditional conditional(Stmt s) {
        Expr x, cond, value;
        if (s instanceof Stmt.ExprStmt es
                && es.expr() instanceof Expr.Assign a
                && strip(a.value()) instanceof Expr.Cond c
                && same(strip(c.otherwise()), a.target())) {
            x = a.target();
            cond = c.cond();
            value = c.then();
        } else if (s instanceof Stmt.If i
                && i.otherwise() == null
                && single(i.then()) instanceof Stmt.ExprStmt es
                && es.expr() instanceof Expr.Assign a) {
            x = a.target();
            cond = i.cond();
            value = a.value();
        } else {
            return null;
        }
        if (!lockFree(x.type()) || !plainLvalue(x) || !(strip(cond) instanceof Expr.Binary t)) return null;
        boolean l = same(strip(t.left()), x), r = same(strip(t.right()), x);
        if (l == r) return null;
        switch (t.op()) {
            case EQ, LT, GT -> {}
            default -> {
                return null;
            }
        }
        return new Conditional(x, t, l, value);
    }

    /** {old, new, success} of a conditional update. */
    private Value[] emitConditional(Conditional c, Insn.Ordering o) {
        Type xt = c.x().type();
        Expr.Binary t = c.test();
        Expr other = c.xLeft() ? t.right() : t.left();
        Value e = f.rvalue(other);
        boolean sameValue = same(strip(c.value()), strip(other));
        Value d = sameValue ? f.convertValue(e, other.type(), xt) : f.rvalue(c.value());
        if (!sameValue) d = f.convertValue(d, c.value().type(), xt);
        Value dv = d;
        Type opType = t.left().type();
        if (isRegister(c.x())) return plainConditional(c, e, dv, opType);
        Value addr = f.address(c.x());
        IrType m = TypeMap.mem(xt), r = TypeMap.reg(xt);
        boolean exact = m == r && (m == IrType.I32 || m == IrType.I64) && TypeMap.reg(opType) == r;
        if (t.op() == Expr.Binary.Op.EQ && exact) { // a compare-and-set: one cmpxchg
            Value old = f.b.cmpxchg(addr, e, dv, o, failure(o), scope);
            Value ok = f.b.cmp(Insn.CmpOp.EQ, old, e);
            Reg nv = f.fn.newReg(r);
            f.b.copy(nv, LoopNest.select(f, ok, dv, old));
            return new Value[] {old, nv, ok};
        }
        if (t.op() != Expr.Binary.Op.EQ && exact && sameValue) {
            // x = e < x ? e : x is min(x, e); x = x < e ? e : x is max(x, e) (signedness from the comparison)
            boolean lessThanX = (t.op() == Expr.Binary.Op.LT) != c.xLeft(); // e < x
            boolean unsigned = Ops.unsignedOps(opType);
            Insn.RmwOp op = lessThanX
                    ? (unsigned ? Insn.RmwOp.UMIN : Insn.RmwOp.MIN)
                    : (unsigned ? Insn.RmwOp.UMAX : Insn.RmwOp.MAX);
            Value old = f.b.atomicRmw(op, addr, e, o, scope);
            Value ok = Ops.binary(f.e, t.op(), c.xLeft() ? old : e, c.xLeft() ? e : old, opType);
            Reg nv = f.fn.newReg(r);
            f.b.copy(nv, LoopNest.select(f, ok, e, old));
            return new Value[] {old, nv, ok};
        }
        return casLoop(addr, xt, old -> test(t, c.xLeft(), old, xt, e, opType), old -> dv, o);
    }

    private Value test(Expr.Binary t, boolean xLeft, Value old, Type xt, Value e, Type opType) {
        Value xv = f.convertValue(old, xt, opType);
        return Ops.binary(f.e, t.op(), xLeft ? xv : e, xLeft ? e : xv, opType);
    }

    private Value[] plainConditional(Conditional c, Value e, Value d, Type opType) {
        Reg x = f.regVars.get(((Expr.VarRef) c.x()).var());
        Reg old = f.fn.newReg(x.type());
        f.b.copy(old, x);
        Value ok = test(c.test(), c.xLeft(), old, c.x().type(), e, opType);
        f.b.copy(x, LoopNest.select(f, ok, d, old));
        return new Value[] {old, x, ok};
    }

    // ---- updates --------------------------------------------------------------------------------

    /**
     * An update of x: {@code new = apply(old)}; op and operand when one atomicrmw does it (null
     * otherwise). Operands other than x are evaluated once, before the update.
     */
    private record Update(Expr x, Insn.RmwOp op, Value operand, UnaryOperator<Value> apply) {}

    private Update update(Expr e) {
        switch (e) {
            case Expr.IncDec id -> {
                Expr x = id.target();
                Type t = x.type();
                if (!lockFree(t) || !plainLvalue(x)) return null;
                IrType r = TypeMap.reg(t);
                if (t.isPointer()) {
                    long step = id.increment() ? id.step() : -id.step();
                    return new Update(x, null, null, old -> f.b.ptrAdd(old, IntConst.i64(step)));
                }
                Insn.BinOp bop = id.increment() ? Insn.BinOp.ADD : Insn.BinOp.SUB;
                if (t.isFloat()) {
                    FloatConst one = new FloatConst(r, id.step());
                    return new Update(
                            x, id.increment() ? Insn.RmwOp.FADD : Insn.RmwOp.FSUB, one, old -> f.e.bin(bop, old, one));
                }
                IntConst one = new IntConst(r, id.step());
                boolean exact = TypeMap.mem(t) == r && t.kind != Type.Kind.BOOL && !narrowBitInt(t);
                return new Update(x, exact ? (id.increment() ? Insn.RmwOp.ADD : Insn.RmwOp.SUB) : null, one, old -> {
                    Value nv = f.e.bin(bop, old, one);
                    if (t.kind == Type.Kind.BOOL) return f.e.cmp(Insn.CmpOp.NE, nv, IntConst.i32(0));
                    return f.e.narrow(nv, t);
                });
            }
            case Expr.CompoundAssign ca -> {
                Expr x = ca.target();
                Type tt = x.type(), ot = ca.opType();
                if (!lockFree(tt) || !plainLvalue(x) || tt.isPointer() || ot.isComplex || ot.kind == Type.Kind.INT128)
                    return null;
                Value rhs = f.rvalue(ca.value());
                UnaryOperator<Value> apply = old -> f.convertValue(
                        f.bitIntWrap(Ops.binary(f.e, ca.op(), f.convertValue(old, tt, ot), rhs, ot), ot),
                        ot,
                        tt.unqualified());
                Insn.RmwOp op = direct(ca.op(), true, tt, ot);
                return new Update(x, op, rhs, apply);
            }
            case Expr.Assign a -> {
                Expr x = a.target();
                Type tt = x.type();
                if (!lockFree(tt) || !plainLvalue(x)) return null;
                if (strip(a.value()) instanceof Expr.Binary bin
                        && bin.op() != Expr.Binary.Op.COMMA
                        && bin.op() != Expr.Binary.Op.LOGAND
                        && bin.op() != Expr.Binary.Op.LOGOR
                        && (same(strip(bin.left()), x) != same(strip(bin.right()), x))) {
                    boolean xLeft = same(strip(bin.left()), x);
                    Expr other = xLeft ? bin.right() : bin.left();
                    Type xSide = (xLeft ? bin.left() : bin.right()).type(),
                            ot = bin.left().type();
                    if (ot.isComplex || ot.kind == Type.Kind.INT128 || tt.isPointer() || ot.isPointer()) return null;
                    Value ov = f.rvalue(other);
                    UnaryOperator<Value> apply = old -> {
                        Value xv = f.convertValue(old, tt, xSide);
                        Value res = f.bitIntWrap(Ops.binary(f.e, bin.op(), xLeft ? xv : ov, xLeft ? ov : xv, ot), ot);
                        return f.convertValue(res, bin.type(), tt.unqualified());
                    };
                    Insn.RmwOp op = xSide == ot || TypeMap.reg(xSide) == TypeMap.reg(ot)
                            ? direct(bin.op(), xLeft, tt, ot)
                            : null;
                    if (bin.type() != ot && TypeMap.reg(bin.type()) != TypeMap.reg(ot)) op = null;
                    return new Update(x, op, ov, apply);
                }
                if (mentions(a.value(), x)) return null;
                // x = expr: an exchange (the write form; the old value for {v = x; x = expr;})
                Value v = f.rvalue(a.value());
                return new Update(x, TypeMap.mem(tt) == TypeMap.reg(tt) ? Insn.RmwOp.XCHG : null, v, old -> v);
            }
            default -> {
                return null;
            }
        }
    }

    /** A _BitInt narrower than its register: a sum must wrap at its width, which an atomicrmw add cannot. */
    private static boolean narrowBitInt(Type t) {
        return t.isBitInt() && t.bitWidth() < TypeMap.reg(t).size * 8;
    }

    /** The atomicrmw for {@code x = x op v} (or {@code v op x} with xLeft false), when x and the operation share one type. */
    private static Insn.RmwOp direct(Expr.Binary.Op op, boolean xLeft, Type x, Type opType) {
        IrType r = TypeMap.reg(x);
        if (TypeMap.mem(x) != r || TypeMap.reg(opType) != r || x.kind == Type.Kind.BOOL) return null;
        if (r.isFloat()) {
            if (!opType.isFloat()) return null;
            return op == Expr.Binary.Op.ADD
                    ? Insn.RmwOp.FADD
                    : op == Expr.Binary.Op.SUB && xLeft ? Insn.RmwOp.FSUB : null;
        }
        if (r != IrType.I32 && r != IrType.I64 || !opType.isInteger()) return null;
        return switch (op) {
            case ADD -> narrowBitInt(x) ? null : Insn.RmwOp.ADD;
            case SUB -> xLeft && !narrowBitInt(x) ? Insn.RmwOp.SUB : null;
            case BITAND -> Insn.RmwOp.AND;
            case BITOR -> Insn.RmwOp.OR;
            case BITXOR -> Insn.RmwOp.XOR;
            default -> null;
        };
    }

    /** {old, new} after the update; new only computed when wanted (a capture of it). */
    private Value[] emit(Update u, Insn.Ordering o, boolean wantNew) {
        Type t = u.x().type();
        if (isRegister(u.x())) { // a local in a register: no other thread can reach it
            Reg x = f.regVars.get(((Expr.VarRef) u.x()).var());
            Reg old = f.fn.newReg(x.type());
            f.b.copy(old, x);
            f.b.copy(x, u.apply().apply(old));
            return new Value[] {old, x};
        }
        Value addr = f.address(u.x());
        if (u.op() != null) {
            Value old = f.b.atomicRmw(u.op(), addr, u.operand(), o, scope);
            return new Value[] {old, wantNew ? u.apply().apply(old) : null};
        }
        Value[] r = casLoop(addr, t, null, u.apply(), o);
        return new Value[] {r[0], r[1]};
    }

    // ---- reductions ---------------------------------------------------------------------------

    /**
     * A reduction's combination {@code *orig = orig op priv} as one atomic update (OpenMP leaves the
     * order of the combinations open; each is indivisible): an atomicrmw where there is one, a
     * compare-exchange loop otherwise. Relaxed: the construct's closing barrier orders the result.
     * The atomicrmw is {@code reassoc}: a back end may add several threads' partials together
     * before one update (a GPU warp's), which is another order of the combinations.
     */
    void combine(OmpClause.ReductionOp op, Type t, Value orig, Value priv) {
        IrType r = TypeMap.reg(t);
        Insn.RmwOp rmw = null;
        if (TypeMap.mem(t) == r && t.kind != Type.Kind.BOOL && !t.isPointer()) {
            if (r.isFloat())
                rmw = op == OmpClause.ReductionOp.ADD || op == OmpClause.ReductionOp.SUB ? Insn.RmwOp.FADD : null;
            else if (r == IrType.I32 || r == IrType.I64)
                rmw = switch (op) {
                    case ADD, SUB -> narrowBitInt(t) ? null : Insn.RmwOp.ADD;
                    case BITAND -> Insn.RmwOp.AND;
                    case BITOR -> Insn.RmwOp.OR;
                    case BITXOR -> Insn.RmwOp.XOR;
                    case MIN -> t.isUnsigned ? Insn.RmwOp.UMIN : Insn.RmwOp.MIN;
                    case MAX -> t.isUnsigned ? Insn.RmwOp.UMAX : Insn.RmwOp.MAX;
                    default -> null;
                };
        }
        if (rmw != null) {
            f.b.reductionRmw(rmw, orig, priv);
            return;
        }
        casLoop(orig, t, null, old -> f.omp.combine(op, t, old, priv), Insn.Ordering.MONOTONIC);
    }

    // ---- GCC's __sync and __atomic builtins --------------------------------------------------------

    /** A builtin's memory-order argument: a constant maps to its ordering (consume as acquire), anything else to seq_cst. */
    private Insn.Ordering order(Expr e) {
        Value v = f.rvalue(e);
        if (!(v instanceof IntConst k)) return Insn.Ordering.SEQ_CST;
        return switch ((int) k.value()) {
            case 0 -> Insn.Ordering.MONOTONIC;
            case 1, 2 -> Insn.Ordering.ACQUIRE;
            case 3 -> Insn.Ordering.RELEASE;
            case 4 -> Insn.Ordering.ACQ_REL;
            default -> Insn.Ordering.SEQ_CST;
        };
    }

    /** The builtins parse.AtomicBuiltins typed: the location's type is the pointee of the first argument. */
    Value builtin(Expr.Call c, String n) {
        List<Expr> a = c.args();
        switch (n) {
            case "__sync_synchronize" -> {
                f.b.fence(Insn.Ordering.SEQ_CST, Insn.Scope.SYSTEM);
                return null;
            }
            case "__atomic_thread_fence" -> {
                Insn.Ordering o = order(a.get(0));
                if (o != Insn.Ordering.MONOTONIC) f.b.fence(o, Insn.Scope.SYSTEM);
                return null;
            }
            case "__atomic_signal_fence" -> {
                order(a.get(0));
                return null;
            } // the IR moves no memory access across a call site or another access
            case "__atomic_load", "__atomic_store", "__atomic_exchange", "__atomic_compare_exchange" -> {
                return generic(a, n, c.loc());
            }
            case "__c11_atomic_init",
                    "__c11_atomic_store",
                    "__c11_atomic_load",
                    "__c11_atomic_exchange",
                    "__c11_atomic_compare_exchange_strong",
                    "__c11_atomic_compare_exchange_weak" -> {
                return c11(a, n, c.loc());
            }
            case "__atomic_test_and_set" -> { // the byte becomes 1 (gcc's "set" value on x86-64); was it set?
                Value p = f.rvalue(a.get(0));
                Value old = casLoop(p, Type.UCHAR, null, x -> IntConst.i32(1), order(a.get(1)))[0];
                return f.b.cmp(Insn.CmpOp.NE, old, IntConst.i32(0));
            }
            case "__atomic_clear" -> {
                Value p = f.rvalue(a.get(0));
                f.b.atomicStore(new IntConst(IrType.I8, 0), p, forStore(order(a.get(1))));
                return null;
            }
            default -> {}
        }
        Value p = f.rvalue(a.get(0));
        Type t = a.get(0).type().base.unqualified();
        IrType m = TypeMap.mem(t), r = TypeMap.reg(t);
        switch (n) {
            case "__atomic_load_n" -> {
                Insn.Ordering o = order(a.get(1));
                return f.widen(f.b.atomicLoad(m, p, forLoad(o)), t);
            }
            case "__atomic_store_n", "__sync_lock_release" -> {
                Value v = n.equals("__sync_lock_release") ? Emit.zero(r) : f.rvalue(a.get(1));
                Insn.Ordering o = n.equals("__sync_lock_release") ? Insn.Ordering.RELEASE : order(a.get(2));
                f.b.atomicStore(f.toMem(v, t), p, forStore(o));
                return null;
            }
            case "__sync_val_compare_and_swap", "__sync_bool_compare_and_swap", "__atomic_compare_exchange_n" -> {
                return compareExchange(a, n, p, t, m, r);
            }
            default -> {}
        }
        return fetchAndOp(a, n, p, t, m, r);
    }

    /**
     * GCC's generic forms (parse.AtomicBuiltins): the location's bytes move through pointers. An
     * object of 1, 2, 4 or 8 bytes aligned to its size is one atomic instruction on the integer of
     * its size (as gcc and clang make it); any other is copied under the runtime's atomic lock (gcc
     * and clang call libatomic, whose locks are as good): every generic access to it takes that lock.
     */
    private Value generic(List<Expr> a, String n, SourceLocation loc) {
        Type t = a.get(0).type().base;
        alignmentWarnings(t, loc);
        List<Value> ptrs = new ArrayList<>();
        boolean cas = n.equals("__atomic_compare_exchange");
        int pointers = n.equals("__atomic_exchange") || cas ? 3 : 2;
        for (int i = 0; i < pointers; i++) ptrs.add(f.rvalue(a.get(i)));
        if (cas) f.rvalue(a.get(3)); // weak: a strong exchange is a weak one that never fails spuriously
        List<Insn.Ordering> orders = new ArrayList<>();
        for (int i = cas ? 4 : pointers; i < a.size(); i++) orders.add(order(a.get(i)));
        return moveBytes(n, ptrs, orders, t);
    }

    /**
     * clang's {@code __c11_atomic_*} on an object parse.AtomicBuiltins left in memory (a struct, a
     * complex number, an __int128): the values go through temporaries to GCC's generic forms above,
     * so that both take the same lock for the same object.
     */
    private Value c11(List<Expr> a, String n, SourceLocation loc) {
        Type obj = a.get(0).type().base, t = obj.unqualified();
        alignmentWarnings(t, loc);
        String op = n.substring("__c11_atomic_".length());
        List<Value> ptrs = new ArrayList<>();
        ptrs.add(f.rvalue(a.get(0)));
        int next = 1;
        if (op.startsWith("compare_exchange")) ptrs.add(f.rvalue(a.get(next++)));
        if (!op.equals("load")) ptrs.add(addressOf(f.rvalue(a.get(next++)), t));
        List<Insn.Ordering> orders = new ArrayList<>();
        for (int i = next; i < a.size(); i++) orders.add(order(a.get(i)));
        Value result = null;
        if (op.equals("load") || op.equals("exchange")) ptrs.add(result = f.slotAddr(f.temp(t)));
        String generic = switch (op) {
            case "init", "store" -> "__atomic_store";
            case "load" -> "__atomic_load";
            case "exchange" -> "__atomic_exchange";
            default -> "__atomic_compare_exchange";
        };
        Value same = moveBytes(generic, ptrs, orders, obj); // the object's alignment decides, as for plain accesses
        if (result == null) return same;
        return TypeMap.inMemory(t) ? result : f.load(result, t);
    }

    /** The address of value v of type t: v itself where values of t live in memory, else a temporary holding it. */
    private Value addressOf(Value v, Type t) {
        if (TypeMap.inMemory(t)) return v;
        Value tmp = f.slotAddr(f.temp(t));
        f.store(tmp, v, t);
        return tmp;
    }

    /** Whether an object of type t moves as one instruction (1, 2, 4 or 8 bytes aligned to its size); others take the lock. */
    private static boolean oneInstruction(Type t) {
        long size = t.size();
        return (size == 1 || size == 2 || size == 4 || size == 8) && t.align() >= size;
    }

    /** The integer type of an object's bytes that oneInstruction moves. */
    private static IrType bitsOf(Type t) {
        return switch ((int) t.size()) {
            case 1 -> IrType.I8;
            case 2 -> IrType.I16;
            case 4 -> IrType.I32;
            default -> IrType.I64;
        };
    }

    /** A generic form n on the object at ptrs[0], of type t, the other pointers and the orders evaluated. */
    private Value moveBytes(String n, List<Value> ptrs, List<Insn.Ordering> orders, Type t) {
        if (!oneInstruction(t)) return locked(n, ptrs, t);
        IrType m = bitsOf(t);
        Value p = ptrs.get(0);
        Insn.Ordering o = orders.get(0);
        switch (n) {
            case "__atomic_load" -> f.b.store(f.b.atomicLoad(m, p, forLoad(o)), ptrs.get(1));
            case "__atomic_store" -> f.b.atomicStore(f.b.load(m, ptrs.get(1)), p, forStore(o));
            case "__atomic_exchange" -> {
                Value v = f.b.load(m, ptrs.get(1));
                Value old;
                if (m.size >= 4) old = f.b.atomicRmw(Insn.RmwOp.XCHG, p, v, o);
                else { // char and short: the compare-exchange loop (as __atomic_exchange_n)
                    Type small = m == IrType.I8 ? Type.UCHAR : Type.USHORT;
                    Value nv = f.widen(v, small);
                    old = f.toMem(casLoop(p, small, null, x -> nv, o)[0], small);
                }
                f.b.store(old, ptrs.get(2));
            }
            default -> {
                Value expected = f.b.load(m, ptrs.get(1)), desired = f.b.load(m, ptrs.get(2));
                Insn.Ordering ok = o, bad = orders.get(1);
                if (bad == Insn.Ordering.RELEASE || bad == Insn.Ordering.ACQ_REL) bad = failure(ok);
                if (bad.ordinal() > ok.ordinal() && !(ok == Insn.Ordering.ACQ_REL && bad == Insn.Ordering.ACQUIRE))
                    bad = failure(ok);
                Value old = f.b.cmpxchg(p, expected, desired, ok, bad);
                Value same = f.b.cmp(Insn.CmpOp.EQ, old, expected);
                BasicBlock store = f.b.newBlock("atomic.cmpxchg.failed"), done = f.b.newBlock("atomic.cmpxchg.done");
                f.b.condBr(same, done, store);
                f.b.setBlock(store);
                f.b.store(old, ptrs.get(1));
                f.b.br(done);
                f.b.setBlock(done);
                return same;
            }
        }
        return null;
    }

    /** clang's -Watomic-alignment, which its code generation gives where x86-64 code calls libatomic. */
    private void alignmentWarnings(Type t, SourceLocation loc) {
        if (t.align() < t.size())
            f.unit.diags.warning(
                    loc,
                    "misaligned atomic operation may incur significant performance penalty; the expected alignment ("
                            + t.size() + " bytes) exceeds the actual alignment (" + t.align() + " bytes)",
                    "-Watomic-alignment");
        if (t.size() > 8) // clang's text has the two spaces
        f.unit.diags.warning(
                    loc,
                    "large atomic operation may incur significant performance penalty; the access size (" + t.size()
                            + " bytes) exceeds the max lock-free size (8  bytes)",
                    "-Watomic-alignment");
    }

    // ---- plain reads, assignments and updates of _Atomic objects kept in memory -------------------

    /**
     * An _Atomic struct, union, complex number, __int128 or __float128: its reads and assignments
     * are atomic loads and stores (C11 6.2.6.1p9, 6.5.16.2p3), which gcc makes __atomic_load and
     * __atomic_store (libatomic). They go through the generic forms' byte moves, so that they and
     * the builtins on the same object take the same instruction or the same lock.
     */
    static boolean atomicObject(Type t) {
        return t.isAtomic() && TypeMap.inMemory(t);
    }

    /** A sequentially consistent read of the atomic object at p: the address of a copy of its value. */
    Value readObject(Value p, Type t) {
        Value copy = f.slotAddr(f.temp(t));
        moveBytes("__atomic_load", List.of(p, copy), List.of(Insn.Ordering.SEQ_CST), t);
        return copy;
    }

    /** A sequentially consistent store of the value at v to the atomic object at p. */
    void writeObject(Value p, Value v, Type t) {
        moveBytes("__atomic_store", List.of(p, v), List.of(Insn.Ordering.SEQ_CST), t);
    }

    /**
     * x op= v, ++x, x++ on an atomic object in memory (values are addresses): one compare-exchange
     * loop where one instruction moves it (gcc's loop), else the read, the update and the write
     * under the lock. Returns {old, new}.
     */
    Value[] updateObject(Value p, Type t, UnaryOperator<Value> update) {
        Value old = f.slotAddr(f.temp(t));
        Value bytes = IntConst.i64(t.size());
        if (!oneInstruction(t)) {
            runtime(EntryPoints.ATOMIC_ENTER, IrType.VOID);
            f.b.memcpy(old, p, bytes);
            Value nv = update.apply(old);
            f.b.memcpy(p, nv, bytes);
            runtime(EntryPoints.ATOMIC_EXIT, IrType.VOID);
            return new Value[] {old, nv};
        }
        IrType m = bitsOf(t);
        f.b.store(f.b.atomicLoad(m, p, Insn.Ordering.MONOTONIC, scope), old);
        BasicBlock loop = f.b.newBlock("atomic.update"),
                retry = f.b.newBlock("atomic.update.retry"),
                done = f.b.newBlock("atomic.update.done");
        f.b.br(loop);
        f.b.setBlock(loop);
        Value nv = update.apply(old);
        Value expected = f.b.load(m, old);
        Value seen = f.b.cmpxchg(p, expected, f.b.load(m, nv), Insn.Ordering.SEQ_CST, Insn.Ordering.SEQ_CST, scope);
        f.b.condBr(f.b.cmp(Insn.CmpOp.EQ, seen, expected), done, retry);
        f.b.setBlock(retry);
        f.b.store(seen, old);
        f.b.br(loop);
        f.b.setBlock(done);
        return new Value[] {old, nv};
    }

    /** A generic form on an object no instruction moves at once: its bytes copied (compared) under the runtime's lock. */
    private Value locked(String n, List<Value> ptrs, Type t) {
        Value bytes = IntConst.i64(t.size()), p = ptrs.get(0);
        runtime(EntryPoints.ATOMIC_ENTER, IrType.VOID);
        Value result = null;
        switch (n) {
            case "__atomic_load" -> f.b.memcpy(ptrs.get(1), p, bytes);
            case "__atomic_store" -> f.b.memcpy(p, ptrs.get(1), bytes);
            case "__atomic_exchange" -> { // through a copy: val and ret may be one object
                Value tmp = f.slotAddr(f.temp(t));
                f.b.memcpy(tmp, ptrs.get(1), bytes);
                f.b.memcpy(ptrs.get(2), p, bytes);
                f.b.memcpy(p, tmp, bytes);
            }
            default -> {
                Value diff = runtime("memcmp", IrType.I32, p, ptrs.get(1), bytes);
                Reg same = f.fn.newReg(IrType.I32);
                f.b.copy(same, f.b.cmp(Insn.CmpOp.EQ, diff, IntConst.i32(0)));
                BasicBlock write = f.b.newBlock("atomic.cmpxchg.write"),
                        fail = f.b.newBlock("atomic.cmpxchg.failed"),
                        done = f.b.newBlock("atomic.cmpxchg.done");
                f.b.condBr(same, write, fail);
                f.b.setBlock(write);
                f.b.memcpy(p, ptrs.get(2), bytes);
                f.b.br(done);
                f.b.setBlock(fail);
                f.b.memcpy(ptrs.get(1), p, bytes);
                f.b.br(done);
                f.b.setBlock(done);
                result = same;
            }
        }
        runtime(EntryPoints.ATOMIC_EXIT, IrType.VOID);
        return result;
    }

    private Value runtime(String name, IrType ret, Value... args) {
        List<IrType> ts = new ArrayList<>();
        for (Value v : args) ts.add(v.type());
        FuncType ft = new FuncType(ret, ts, false);
        f.unit.useFunction(name, ft);
        return f.b.call(name, ft, List.of(args));
    }

    /**
     * The compare-and-swap builtins: __sync_val_ returns the old value, __sync_bool_ and
     * __atomic_compare_exchange_n whether it was written (the latter storing the old value to
     * *expected when it was not). p is the location, of type t (m in memory, r in a register).
     */
    private Value compareExchange(List<Expr> a, String n, Value p, Type t, IrType m, IrType r) {
        boolean gcc = n.startsWith("__atomic");
        Value expectedAt = gcc ? f.rvalue(a.get(1)) : null;
        Value e = gcc ? f.load(expectedAt, t) : f.rvalue(a.get(1));
        Value d = f.rvalue(a.get(2));
        if (gcc) f.rvalue(a.get(3)); // weak: a strong exchange is a weak one that never fails spuriously
        Insn.Ordering ok = gcc ? order(a.get(4)) : Insn.Ordering.SEQ_CST,
                bad = gcc ? order(a.get(5)) : Insn.Ordering.SEQ_CST;
        if (bad == Insn.Ordering.RELEASE || bad == Insn.Ordering.ACQ_REL) bad = failure(ok);
        if (bad.ordinal() > ok.ordinal() && !(ok == Insn.Ordering.ACQ_REL && bad == Insn.Ordering.ACQUIRE))
            bad = failure(ok);
        IrType bits = m == IrType.F32 ? IrType.I32 : m == IrType.F64 ? IrType.I64 : m;
        Value eb = f.toMem(e, t), db = f.toMem(d, t);
        if (bits != m) {
            eb = f.e.conv(Insn.ConvOp.BITCAST, eb, bits);
            db = f.e.conv(Insn.ConvOp.BITCAST, db, bits);
        }
        Value old = f.b.cmpxchg(p, eb, db, ok, bad);
        Value same = f.b.cmp(Insn.CmpOp.EQ, old, eb);
        Value oldMem = bits == m ? old : f.e.conv(Insn.ConvOp.BITCAST, old, m);
        Value oldReg =
                m == r ? oldMem : f.e.conv(TypeMap.isUnsigned(t) ? Insn.ConvOp.ZEXT : Insn.ConvOp.SEXT, oldMem, r);
        if (n.equals("__sync_val_compare_and_swap")) return oldReg;
        if (gcc) { // on failure, *expected gets what the location held
            BasicBlock store = f.b.newBlock("atomic.cmpxchg.failed"), done = f.b.newBlock("atomic.cmpxchg.done");
            f.b.condBr(same, done, store);
            f.b.setBlock(store);
            f.store(expectedAt, oldReg, t);
            f.b.br(done);
            f.b.setBlock(done);
        }
        return same;
    }

    /** Exchange and the fetch-and-op family: {old, new} of one update, the old value or the new as the builtin returns. */
    private Value fetchAndOp(List<Expr> a, String n, Value p, Type t, IrType m, IrType r) {
        boolean sync = n.startsWith("__sync_");
        Value v = f.rvalue(a.get(1));
        Insn.Ordering o = sync
                ? (n.equals("__sync_lock_test_and_set") ? Insn.Ordering.ACQUIRE : Insn.Ordering.SEQ_CST)
                : order(a.get(2));
        String op = n.equals("__sync_lock_test_and_set") || n.equals("__atomic_exchange_n")
                ? "xchg"
                : n.startsWith("__sync_fetch_and_")
                        ? n.substring(17)
                        : n.startsWith("__atomic_fetch_")
                                ? n.substring(15)
                                : n.substring(
                                        n.indexOf('_', 3) + 1,
                                        n.lastIndexOf(n.startsWith("__sync_") ? "_and_fetch" : "_fetch"));
        boolean fetchFirst = op.equals("xchg") || n.startsWith("__sync_fetch_and_") || n.startsWith("__atomic_fetch_");
        boolean unsigned = Ops.unsignedOps(t);
        UnaryOperator<Value> apply = old -> switch (op) {
            case "xchg" -> v;
            case "add" -> t.isPointer() ? f.b.ptrAdd(old, v) : f.e.bin(Insn.BinOp.ADD, old, v);
            case "sub" -> t.isPointer() ? f.b.binary(Insn.BinOp.SUB, old, v) : f.e.bin(Insn.BinOp.SUB, old, v);
            case "and" -> f.e.bin(Insn.BinOp.AND, old, v);
            case "or" -> f.e.bin(Insn.BinOp.OR, old, v);
            case "xor" -> f.e.bin(Insn.BinOp.XOR, old, v);
            case "nand" -> f.e.unary(Insn.UnOp.NOT, f.e.bin(Insn.BinOp.AND, old, v));
            case "max", "min" ->
                LoopNest.select(
                        f,
                        f.e.cmp(
                                unsigned
                                        ? (op.equals("max") ? Insn.CmpOp.UGT : Insn.CmpOp.ULT)
                                        : (op.equals("max") ? Insn.CmpOp.GT : Insn.CmpOp.LT),
                                old,
                                v),
                        old,
                        v);
            default -> throw new IllegalStateException(op);
        };
        Insn.RmwOp rmw = null;
        if (m == r && (r == IrType.I32 || r == IrType.I64))
            rmw = switch (op) {
                case "xchg" -> Insn.RmwOp.XCHG;
                case "add" -> Insn.RmwOp.ADD;
                case "sub" -> Insn.RmwOp.SUB;
                case "and" -> Insn.RmwOp.AND;
                case "or" -> Insn.RmwOp.OR;
                case "xor" -> Insn.RmwOp.XOR;
                case "max" -> unsigned ? Insn.RmwOp.UMAX : Insn.RmwOp.MAX;
                case "min" -> unsigned ? Insn.RmwOp.UMIN : Insn.RmwOp.MIN;
                default -> null;
            };
        else if (op.equals("xchg") && m.size >= 4 && !m.isFloat()) rmw = Insn.RmwOp.XCHG;
        Value old, nv = null;
        if (rmw != null) {
            old = f.b.atomicRmw(rmw, p, f.toMem(v, t), o);
            if (!fetchFirst) nv = apply.apply(old);
        } else {
            Value[] res = casLoop(p, t, null, apply, o);
            old = res[0];
            nv = res[1];
        }
        return fetchFirst ? old : f.e.narrow(nv, t);
    }

    // ---- the compare-exchange loop --------------------------------------------------------------

    /** A sequentially consistent read-modify-write of the _Atomic object at addr (C11's compound assignment, ++ and --): {old, new}. */
    Value[] update(Value addr, Type t, UnaryOperator<Value> update) {
        Value[] r = casLoop(addr, t, null, update, Insn.Ordering.SEQ_CST);
        return new Value[] {r[0], r[1]};
    }

    /**
     * {@code do { old = *addr; if (!cond(old)) break; new = update(old); } while (!cmpxchg(addr, old, new))}
     * on the bits of x (a float as its integer bits; char and short as themselves: the back ends
     * exchange them inside the aligned word around them, or with a 16-bit exchange): returns
     * {old, new, success} (registers of x's register type; success an i32, 1 when x was written).
     * cond null: always.
     */
    private Value[] casLoop(
            Value addr, Type t, UnaryOperator<Value> cond, UnaryOperator<Value> update, Insn.Ordering o) {
        IrType m = TypeMap.mem(t), r = TypeMap.reg(t);
        IrType bits = m == IrType.F32 ? IrType.I32 : m == IrType.F64 ? IrType.I64 : m;
        Reg cur = f.fn.newReg(bits), old = f.fn.newReg(r), nv = f.fn.newReg(r), ok = f.fn.newReg(IrType.I32);
        f.b.copy(cur, f.b.atomicLoad(bits, addr, Insn.Ordering.MONOTONIC, scope));
        BasicBlock loop = f.b.newBlock("omp.atomic.cas"),
                write = f.b.newBlock("omp.atomic.cas.write"),
                no = f.b.newBlock("omp.atomic.cas.skip"),
                done = f.b.newBlock("omp.atomic.cas.done");
        f.b.br(loop);
        f.b.setBlock(loop);
        Value mem = bits == m ? cur : f.e.conv(Insn.ConvOp.BITCAST, cur, m);
        f.b.copy(old, f.widen(mem, t));
        if (cond != null) f.b.condBr(cond.apply(old), write, no);
        else f.b.br(write);
        f.b.setBlock(write);
        f.b.copy(nv, update.apply(old));
        Value nm = f.toMem(nv, t);
        Value desired = bits == m ? nm : f.e.conv(Insn.ConvOp.BITCAST, nm, bits);
        Value seen = f.b.cmpxchg(addr, cur, desired, o, failure(o), scope);
        Value same = f.b.cmp(Insn.CmpOp.EQ, seen, cur);
        f.b.copy(cur, seen);
        f.b.copy(ok, IntConst.i32(1));
        f.b.condBr(same, done, loop);
        f.b.setBlock(no);
        f.b.copy(nv, old);
        f.b.copy(ok, IntConst.i32(0));
        f.b.br(done);
        f.b.setBlock(done);
        return new Value[] {old, nv, ok};
    }

    // ---- expressions ----------------------------------------------------------------------------

    private Value read(Expr x, Insn.Ordering o) {
        if (isRegister(x)) return f.rvalue(x);
        Type t = x.type();
        return f.widen(f.b.atomicLoad(TypeMap.mem(t), f.address(x), o, scope), t);
    }

    /** Stores v (of lv's type) to the lvalue lv (the capture's v: an ordinary write). */
    private void assignTo(Expr lv, Value v) {
        if (isRegister(lv)) f.b.copy(f.regVars.get(((Expr.VarRef) lv).var()), v);
        else f.store(f.address(lv), v, lv.type());
    }

    private boolean isRegister(Expr x) {
        return x instanceof Expr.VarRef r && f.regVars.containsKey(r.var());
    }

    /** An lvalue this class can address: a variable, a dereference, a member that is not a bit-field. */
    private static boolean plainLvalue(Expr x) {
        return switch (x) {
            case Expr.VarRef r -> !r.var().isFunction();
            case Expr.Unary u -> u.op() == Expr.Unary.Op.DEREF;
            case Expr.Member m -> !m.member().isBitField();
            default -> false;
        };
    }

    static Expr strip(Expr e) {
        while (e instanceof Expr.Cast c && c.implicit()) e = c.operand();
        return e;
    }

    /** Whether x occurs in e (the same lvalue expression). */
    private static boolean mentions(Object e, Expr x) {
        if (e instanceof Expr ex && same(strip(ex), x)) return true;
        if (e instanceof Record rec) {
            for (RecordComponent c : rec.getClass().getRecordComponents()) if (mentions(value(c, rec), x)) return true;
        } else if (e instanceof List<?> l) {
            for (Object o : l) if (mentions(o, x)) return true;
        }
        return false;
    }

    /** Structural equality of two expressions: the same tree, ignoring locations and types (x in {@code x = x + 1}). */
    static boolean same(Object a, Object b) {
        if (a == b) return true;
        if (a == null || b == null) return false;
        if (a instanceof Expr.Cast ca && ca.implicit() || b instanceof Expr.Cast cb && cb.implicit())
            return same(a instanceof Expr ea ? strip(ea) : a, b instanceof Expr eb ? strip(eb) : b);
        if (a instanceof Record ra && b instanceof Record rb) {
            if (ra.getClass() != rb.getClass()) return false;
            for (RecordComponent c : ra.getClass().getRecordComponents()) {
                if (c.getType() == SourceLocation.class || c.getType() == Type.class) continue;
                if (!same(value(c, ra), value(c, rb))) return false;
            }
            return true;
        }
        if (a instanceof List<?> la && b instanceof List<?> lb) {
            if (la.size() != lb.size()) return false;
            for (int i = 0; i < la.size(); i++) if (!same(la.get(i), lb.get(i))) return false;
            return true;
        }
        return a.equals(b);
    }

    private static Object value(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
