package jomp.compiler.lower;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * Assignments in one function: =, op=, ++ and -- (and an asm statement's outputs), each
 * reading and writing its lvalue once (an _Atomic one atomically), then running the
 * variable's assignment hook (conditional lastprivate); and the initializers of automatic
 * variables and compound literals. Part of {@link FunctionLowering}.
 */
final class AssignLowering {
    private final FunctionLowering f;

    AssignLowering(FunctionLowering f) {
        this.f = f;
    }

    /** Stores v, of target's register type, into the lvalue target (an asm output). */
    void storeTo(Expr target, Value v) {
        if (target instanceof Expr.VarRef ref && f.regVars.containsKey(ref.var()))
            f.b.copy(f.regVars.get(ref.var()), v);
        else if (target instanceof Expr.Member m && m.member().isBitField())
            f.storeBits(f.at(f.address(m.base()), m.member().offset()), m.member(), v);
        else f.store(f.address(target), v, target.type().unqualified());
        assigned(target);
    }

    private void assigned(Expr target) {
        if (!f.assignHooks.isEmpty()
                && target instanceof Expr.VarRef ref
                && f.assignHooks.get(ref.var()) instanceof Runnable r) r.run();
    }

    Value assign(Expr.Assign a) {
        Value v = assignValue(a);
        assigned(a.target());
        return v;
    }

    private Value assignValue(Expr.Assign a) {
        Expr target = a.target();
        Type t = a.type();
        if (target instanceof Expr.VarRef ref && f.regVars.containsKey(ref.var())) {
            Value v = f.rvalue(a.value());
            f.b.copy(f.regVars.get(ref.var()), v);
            return f.regVars.get(ref.var());
        }
        // The target's address first, then the value: the order gcc uses (C leaves it unspecified).
        if (target instanceof Expr.Member m && m.member().isBitField()) {
            Value addr = f.at(f.address(m.base()), m.member().offset());
            return f.storeBits(addr, m.member(), f.rvalue(a.value()));
        }
        Value addr = f.address(target);
        Value v = f.rvalue(a.value());
        f.store(addr, v, target.type().isAtomic() ? target.type() : t); // the assignment's own type is unqualified
        return TypeMap.inMemory(t) ? addr : v;
    }

    /** Reads, modifies and writes an lvalue once; returns {old, new} values. */
    private interface Modify {
        Value apply(Value old);
    }

    private Value[] readModifyWrite(Expr target, Modify op) {
        Value[] r = modify(target, op);
        assigned(target);
        return r;
    }

    private Value[] modify(Expr target, Modify op) {
        if (target instanceof Expr.VarRef ref && f.regVars.containsKey(ref.var())) {
            Reg r = f.regVars.get(ref.var());
            Reg old = f.fn.newReg(r.type());
            f.b.copy(old, r);
            Value nv = op.apply(old);
            f.b.copy(r, nv);
            return new Value[] {old, r};
        }
        if (target instanceof Expr.Member m && m.member().isBitField()) {
            Value addr = f.at(f.address(m.base()), m.member().offset());
            Value old = f.loadBits(addr, m.member());
            Value nv = f.storeBits(addr, m.member(), op.apply(old));
            return new Value[] {old, nv};
        }
        Type t = target.type();
        Value addr = f.address(target);
        if (AtomicLowering.atomicObject(t)) return new AtomicLowering(f).updateObject(addr, t, op::apply);
        if (t.isComplex || TypeMap.inMemory(t) && t.isInteger() || QuadOps.is(t) || t.isVector()) {
            Value nv = op.apply(addr);
            Value old = addr;
            if (t.kind == Type.Kind.INT128
                    || QuadOps.is(t)
                    || t.isComplex) { // x++ and x-- give the old value: a copy, before the store
                old = f.slotAddr(f.temp(t));
                f.b.memcpy(old, addr, IntConst.i64(t.size()));
            }
            f.b.memcpy(addr, nv, IntConst.i64(t.size()));
            return new Value[] {old, addr};
        }
        // x op= v, ++x and x++ on an _Atomic object are one atomic read-modify-write (C11 6.5.16.2)
        if (AtomicLowering.atomicScalar(t)) return new AtomicLowering(f).update(addr, t, op::apply);
        Value old = f.load(addr, t);
        Value nv = op.apply(old);
        f.store(addr, nv, t);
        return new Value[] {old, nv};
    }

    Value compoundAssign(Expr.CompoundAssign ca) {
        Type tt = ca.target().type(), ot = ca.opType();
        // x op= y in _Float16: y keeps its excess precision, the result rounds once (FunctionLowering.excessPrecision)
        boolean half = ot.kind == Type.Kind.FLOAT16 && !ot.isComplex;
        Value rhs = half ? f.excessPrecision(ca.value()) : f.rvalue(ca.value());
        if (tt.isVector())
            return readModifyWrite(
                    ca.target(),
                    old -> VectorLowering.binary(
                            f, ca.op(), old, tt, rhs, ca.value().type(), tt.unqualified()))[1];
        return readModifyWrite(ca.target(), old -> {
            Value o = f.convertValue(old, tt, ot);
            Value r = ot.isComplex
                    ? f.complexBinary(ca.op(), o, rhs, ot)
                    : WideBitInts.is(ot)
                            ? f.wide().binary(ca.op(), o, rhs, ot, ca.value().type())
                            : Int128Ops.is(ot)
                                    ? f.int128()
                                            .binary(
                                                    ca.op(),
                                                    o,
                                                    rhs,
                                                    ot,
                                                    ca.value().type())
                                    : QuadOps.is(ot)
                                            ? f.quad().binary(ca.op(), o, rhs)
                                            : Ops.binary(f.e, ca.op(), o, rhs, ot);
            if (half) r = HalfFloats.round(f.e, r);
            return f.convertValue(f.bitIntWrap(r, ot), ot, tt.unqualified());
        })[1];
    }

    Value incDec(Expr.IncDec id) {
        Type t = id.target().type();
        Value[] r = readModifyWrite(id.target(), old -> {
            if (t.isPointer()) return f.b.ptrAdd(old, IntConst.i64(id.increment() ? id.step() : -id.step()));
            if (t.isComplex) { // GNU's z++: the real part steps by one
                Value one = f.convertValue(new IntConst(IrType.I32, id.step()), Type.INT, t.unqualified());
                return f.complexBinary(
                        id.increment() ? Expr.Binary.Op.ADD : Expr.Binary.Op.SUB, old, one, t.unqualified());
            }
            if (WideBitInts.is(t)) {
                WideBitInts w = f.wide();
                Expr.Binary.Op op = id.increment() ? Expr.Binary.Op.ADD : Expr.Binary.Op.SUB;
                return w.binary(op, old, w.constant(java.math.BigInteger.valueOf(id.step()), t), t, t);
            }
            if (Int128Ops.is(t)) {
                Int128Ops w = f.int128();
                return f.bitIntWrap(
                        w.binary(
                                id.increment() ? Expr.Binary.Op.ADD : Expr.Binary.Op.SUB,
                                old,
                                w.make(IntConst.i64(1), IntConst.i64(0)),
                                t,
                                t),
                        t);
            }
            if (QuadOps.is(t)) {
                QuadOps q = f.quad();
                Value one =
                        q.constant(jomp.compiler.type.Binary128.fromInteger(java.math.BigInteger.valueOf(id.step())));
                return q.binary(id.increment() ? Expr.Binary.Op.ADD : Expr.Binary.Op.SUB, old, one);
            }
            if (t.isFloat()) {
                IrType ft = TypeMap.reg(t);
                Value nv =
                        f.e.bin(id.increment() ? Insn.BinOp.ADD : Insn.BinOp.SUB, old, new FloatConst(ft, id.step()));
                return t.kind == Type.Kind.FLOAT16 ? HalfFloats.round(f.e, nv) : nv;
            }
            IrType rt = TypeMap.reg(t);
            Value nv = f.e.bin(id.increment() ? Insn.BinOp.ADD : Insn.BinOp.SUB, old, new IntConst(rt, id.step()));
            if (t.kind == Type.Kind.BOOL) return f.e.cmp(Insn.CmpOp.NE, nv, IntConst.i32(0));
            return f.e.narrow(nv, t);
        });
        return id.prefix() ? r[1] : r[0];
    }

    void initialize(Var v, Initializer init) {
        Reg r = f.regVars.get(v);
        if (r != null) {
            Value val = Emit.zero(r.type());
            for (Initializer.Item it : init.items()) val = f.rvalue(it.value());
            f.b.copy(r, val);
            return;
        }
        initializeAt(f.varAddress(v), init);
    }

    void initializeAt(Value base, Initializer init) {
        Type t = init.type();
        long size = t.size();
        if (size > 0 && !covers(init, size)) f.b.memset(base, IntConst.i32(0), IntConst.i64(size));
        else if (size < 0 && t.kind == Type.Kind.VLA) f.b.memset(base, IntConst.i32(0), f.sizeOf(t));
        for (Initializer.Item it : init.items()) {
            Value addr = f.at(base, it.offset());
            if (it.value() instanceof Expr.StrLit s && it.type().isArray()) {
                long n = it.type().size() < 0
                        ? s.bytes().length
                        : Math.min(s.bytes().length, it.type().size());
                String sym = f.unit.stringLiteral(s.bytes(), Math.max(s.type().align(), 1));
                f.b.memcpy(addr, f.b.globalAddr(sym), IntConst.i64(n));
            } else if (it.bitField() != null) {
                f.storeBits(addr, it.bitField(), f.rvalue(it.value()));
            } else {
                f.store(addr, f.rvalue(it.value()), it.type());
            }
        }
    }

    /** Whether the items write every byte of the object (so no zero fill is needed). */
    private static boolean covers(Initializer init, long size) {
        if (size > 4096) return false;
        boolean[] w = new boolean[(int) size];
        for (Initializer.Item it : init.items()) {
            if (it.bitField() != null) return false;
            long n = it.type().size();
            if (n < 0) return false;
            if (it.value() instanceof Expr.StrLit s && it.type().isArray()) n = Math.min(n, s.bytes().length);
            for (long i = it.offset(); i < Math.min(size, it.offset() + n); i++) w[(int) i] = true;
        }
        for (boolean x : w) if (!x) return false;
        return true;
    }
}
