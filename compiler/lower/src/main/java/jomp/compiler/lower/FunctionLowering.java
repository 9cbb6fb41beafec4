package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;
import jomp.compiler.type.Types;
import jomp.offload.abi.EntryPoints;

/**
 * Lowers one function definition, chibicc style: statements to blocks, expressions to
 * instructions. Locals whose address is never taken and that are scalars live in registers;
 * the others get frame slots (or dynamic stack space for VLAs). Values of struct, union and
 * complex type are handled by address throughout.
 */
final class FunctionLowering {
    final Lowering unit;
    final TranslationUnit.Function def;
    Function fn;
    IrBuilder b;
    Emit e;

    final Map<Var, Reg> regVars = new IdentityHashMap<>();
    final Map<Var, Slot> slotVars = new IdentityHashMap<>();
    /** Locals whose storage address is held in a register: VLAs and struct parameters. */
    final Map<Var, Reg> addrVars = new IdentityHashMap<>();

    final Set<Var> addressTaken = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    final Map<String, BasicBlock> labels = new HashMap<>();
    final Map<Stmt, BasicBlock> caseBlocks = new IdentityHashMap<>();
    BasicBlock breakTarget, continueTarget;
    /** Stack positions saved on entry to blocks that declare VLAs, innermost last. */
    final List<Reg> vlaScopes = new ArrayList<>();
    /** How many VLA scopes enclose the current break and continue targets. */
    int breakDepth, continueDepth;
    /** The variables in scope with a cleanup attribute ({@link Var#cleanup}), outermost first. */
    final List<Var> cleanups = new ArrayList<>();
    /** How many of {@link #cleanups} stay in scope at the current break and continue targets. */
    int breakCleanups, continueCleanups;
    /** For each label, the variables with a cleanup in scope there (made at the first goto). */
    private Map<String, List<Var>> labelCleanups;

    Reg sretPtr;

    /**
     * Variables this function shares with the rest of its team (captured by address from an
     * enclosing parallel, teams or target region or shared by an enclosing task): a task
     * created here shares them too; any other automatic variable is firstprivate in it.
     */
    final Set<Var> shared = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /** The innermost OpenMP construct enclosing the code being lowered, lexically (a loop construct binds by it), or null. */
    jomp.compiler.ast.OmpDirective.Leaf enclosing;

    /** Where a cancelled construct's threads go (the end of the innermost parallel, for, sections, task), or null. */
    BasicBlock cancelParallel, cancelFor, cancelSections, cancelTaskgroup;

    /** The logical iteration of the innermost enclosing loop with an ordered clause, for ordered regions. */
    Reg orderedIv;
    /** The nest of the innermost enclosing loop with ordered(n) (doacross), for depend(sink) vectors. */
    LoopNest doacrossNest;

    /** The OpenMP constructs of this function (or outlined region). */
    final OmpLowering omp = new OmpLowering(this);

    FunctionLowering(Lowering unit, TranslationUnit.Function def) {
        this.unit = unit;
        this.def = def;
    }

    /**
     * Starts an outlined function (an OpenMP region's body) of the same C function: its locals
     * are bound by the caller ({@link OmpLowering}) before the body is lowered.
     */
    List<Reg> beginOutlined(String name, FuncType sig, Stmt body) {
        return beginOutlined(name, sig, body, true);
    }

    List<Reg> beginOutlined(String name, FuncType sig, Stmt body, boolean isStatic) {
        fn = new Function(name, sig, isStatic);
        b = new IrBuilder(fn);
        b.line = unit.line; // -g: the region's own code is the directive's line
        e = new Emit(b, unit::useFunction);
        List<Reg> params = new ArrayList<>();
        for (IrType t : sig.params()) {
            Reg r = fn.newReg(t);
            fn.params.add(r);
            params.add(r);
        }
        if (body != null) {
            AddressTaken.scan(body, addressTaken);
            addressTaken.addAll(OmpCaptures.capturedByRegions(body));
        }
        return params;
    }

    /** Gives storage to the locals declared inside an outlined body (except those already bound). */
    void allocateLocals(Stmt body) {
        for (Var v : OmpCaptures.declared(body)) {
            if (v.isStatic() || v.isFunction() || v.type.kind == Type.Kind.VLA || v.ompAllocator != null || isBound(v))
                continue;
            if (inMemory(v)) {
                if (v.type.size() >= 0) slotVars.put(v, localSlot(v));
            } else regVars.put(v, fn.newReg(TypeMap.reg(v.type), safeName(v.name)));
        }
    }

    /** Forgets v's storage in this function and returns what puts it back (data-sharing clauses rebind variables). */
    Runnable unbind(Var v) {
        Reg oldReg = regVars.remove(v);
        Slot oldSlot = slotVars.remove(v);
        Reg oldAddr = addrVars.remove(v);
        boolean wasShared = shared.remove(v);
        return () -> {
            regVars.remove(v);
            slotVars.remove(v);
            addrVars.remove(v);
            if (oldReg != null) regVars.put(v, oldReg);
            if (oldSlot != null) slotVars.put(v, oldSlot);
            if (oldAddr != null) addrVars.put(v, oldAddr);
            if (wasShared) shared.add(v);
            else shared.remove(v);
        };
    }

    boolean isBound(Var v) {
        return regVars.containsKey(v) || slotVars.containsKey(v) || addrVars.containsKey(v);
    }

    Function finishOutlined() {
        if (!b.isTerminated()) b.ret(null);
        if (indirectGotos != null) indirectGotos.finish();
        return fn;
    }

    /** goto *p and &&l (GNU computed goto), made on first use. */
    private IndirectGotos indirectGotos;

    IndirectGotos indirectGotos() {
        if (indirectGotos == null) indirectGotos = new IndirectGotos(this, def.body());
        return indirectGotos;
    }

    Function lower() {
        Var fv = def.var();
        Type ft = fv.type;
        FuncType sig = TypeMap.signature(ft);
        fn = new Function(unit.symbolOf(fv), sig, fv.storage == Var.Storage.STATIC || fv.inlineOnly);
        fn.weak = fv.weak && !fn.isStatic;
        fn.alwaysInline = fv.alwaysInline;
        fn.noInline = fv.noInline;
        fn.flatten = fv.flatten;
        fn.csig = CSignature.of(ft);
        b = new IrBuilder(fn);
        b.line = unit.line = unit.lineOf(def.loc()); // -g: the prologue is the definition's line
        e = new Emit(b, unit::useFunction);
        AddressTaken.scan(def.body(), addressTaken);
        addressTaken.addAll(OmpCaptures.capturedByRegions(def.body()));
        if (TypeMap.sret(ft)) {
            sretPtr = fn.newReg(IrType.PTR, "ret");
            fn.params.add(sretPtr);
        }
        List<Runnable> spills = new ArrayList<>();
        List<Type> passed = TypeMap.passedParams(ft);
        for (int i = 0; i < def.params().size(); i++) {
            Var p = def.params().get(i);
            // a K&R definition receives its parameters promoted (float as double, char as int) and
            // converts them to the declared types here, as clang's prologue does
            Type pt = i < passed.size() ? passed.get(i) : p.type;
            boolean promoted = !TypeMap.inMemory(p.type) && pt.origin != p.type.unqualified().origin;
            Reg r = fn.newReg(TypeMap.reg(pt), safeName(p.name));
            fn.params.add(r);
            if (TypeMap.inMemory(p.type)) addrVars.put(p, r);
            else if (inMemory(p)) {
                Slot s = fn.newSlot(safeName(p.name), p.type.size(), p.type.align());
                s.isVolatile = p.type.isVolatile();
                slotVars.put(p, s);
                spills.add(() -> b.store(toMem(promoted ? e.convert(r, pt, p.type) : r, p.type), b.slotAddr(s)));
            } else if (promoted) {
                Reg v = fn.newReg(TypeMap.reg(p.type), safeName(p.name));
                regVars.put(p, v);
                spills.add(() -> b.copy(v, e.convert(r, pt, p.type)));
            } else regVars.put(p, r);
        }
        if (sig.variadic()) fn.vaArea = fn.newReg(IrType.PTR, "va");
        for (Var v : def.locals()) {
            if (v.isStatic()
                    || v.isFunction()
                    || v.type.kind == Type.Kind.VLA
                    || v.ompAllocator != null
                    || def.params().contains(v)) continue;
            if (inMemory(v)) {
                if (v.type.size() >= 0) slotVars.put(v, localSlot(v));
            } else regVars.put(v, fn.newReg(TypeMap.reg(v.type), safeName(v.name)));
        }
        spills.forEach(Runnable::run);
        // Parameters of variably modified type (int a[n][m] is a pointer to int[m]) need their sizes.
        for (Var p : def.params()) if (p.type.isVariablyModified()) computeVlaSizes(p.type);
        stmt(def.body());
        if (!b.isTerminated()) {
            // Falling off the end: main returns 0 (C11 5.1.2.2.3); elsewhere the value is undefined.
            if (sig.ret() == IrType.VOID) b.ret(null);
            else if (sretPtr != null) b.ret(sretPtr);
            else b.ret(Emit.zero(sig.ret()));
        }
        if (indirectGotos != null) indirectGotos.finish();
        return fn;
    }

    /** Register names are identifiers; synthetic names may hold other characters. */
    static String safeName(String n) {
        if (n == null || n.isEmpty()) return null;
        StringBuilder sb = new StringBuilder();
        for (char c : n.toCharArray()) sb.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' ? c : '_');
        return sb.toString();
    }

    /** A volatile local lives in memory, as gcc keeps it, so that each access the program writes is made. */
    boolean inMemory(Var v) {
        return TypeMap.inMemory(v.type) || v.addressTaken || addressTaken.contains(v) || v.type.isVolatile();
    }

    /** A local's frame slot; a volatile one's accesses are kept by the optimiser. */
    private Slot localSlot(Var v) {
        Slot s = fn.newSlot(
                safeName(v.name), Math.max(v.type.size(), 1), Math.max(Math.max(v.type.align(), v.align), 1));
        s.isVolatile = v.type.isVolatile();
        return s;
    }

    // ---- helpers ----

    Value slotAddr(Slot s) {
        return b.slotAddr(s);
    }

    Int128Ops int128() {
        return new Int128Ops(this);
    }

    QuadOps quad() {
        return new QuadOps(this);
    }

    WideBitInts wide() {
        return new WideBitInts(this);
    }

    Slot temp(Type t) {
        return fn.newSlot(null, Math.max(t.size(), 1), Math.max(t.align(), 1));
    }

    Value at(Value base, long offset) {
        return offset == 0 ? base : b.ptrAdd(base, IntConst.i64(offset));
    }

    /** A register value of type t as stored in memory (narrow integers truncated). */
    Value toMem(Value v, Type t) {
        if (t.kind == Type.Kind.FLOAT16) return HalfFloats.toBits(e, v);
        IrType m = TypeMap.mem(t);
        return m == v.type() ? v : e.conv(Insn.ConvOp.TRUNC, v, m);
    }

    /**
     * Loads a scalar of C type t from addr, widened to its register type. An _Atomic object is
     * read with a sequentially consistent atomic load (C11 7.17.7.2: an lvalue conversion of an
     * atomic object is atomic_load). A volatile one's load stays even when its value is unused.
     */
    Value load(Value addr, Type t) {
        IrType m = TypeMap.mem(t);
        Value v = AtomicLowering.atomicScalar(t)
                ? b.atomicLoad(m, addr, Insn.Ordering.SEQ_CST)
                : t.isVolatile() ? b.loadVolatile(m, addr) : b.load(m, addr);
        return widen(v, t);
    }

    /** The value of the in-memory object at addr (its address): an _Atomic one's read atomically into a copy. */
    private Value readObject(Value addr, Type t) {
        return AtomicLowering.atomicObject(t) ? new AtomicLowering(this).readObject(addr, t) : addr;
    }

    /** A scalar of C type t as loaded from memory (TypeMap.mem) made its register value (TypeMap.reg). */
    Value widen(Value v, Type t) {
        if (t.kind == Type.Kind.FLOAT16) return HalfFloats.fromBits(e, v);
        IrType m = TypeMap.mem(t), r = TypeMap.reg(t);
        return m == r ? v : e.conv(TypeMap.isUnsigned(t) ? Insn.ConvOp.ZEXT : Insn.ConvOp.SEXT, v, r);
    }

    /** Stores v as C type t; to an _Atomic object with a sequentially consistent atomic store (C11 6.5.16.1). */
    void store(Value addr, Value v, Type t) {
        if (AtomicLowering.atomicObject(t)) new AtomicLowering(this).writeObject(addr, v, t);
        else if (TypeMap.inMemory(t)) b.memcpy(addr, v, IntConst.i64(t.size()));
        else if (AtomicLowering.atomicScalar(t)) b.atomicStore(toMem(v, t), addr, Insn.Ordering.SEQ_CST);
        else b.store(toMem(v, t), addr);
    }

    /** sizeof t, computed at run time for variably modified types. */
    Value sizeOf(Type t) {
        if (t.kind == Type.Kind.VLA) {
            if (Vla.sizeVar(t) != null) return readVar(Vla.sizeVar(t));
            Value len = e.convert(rvalue(Vla.length(t)), Vla.length(t).type(), Type.ULONG);
            return e.bin(Insn.BinOp.MUL, len, sizeOf(t.base));
        }
        if (t.kind == Type.Kind.ARRAY && t.base.isVariablyModified())
            return e.bin(Insn.BinOp.MUL, IntConst.i64(t.arrayLen), sizeOf(t.base));
        return IntConst.i64(t.size());
    }

    Value readVar(Var v) {
        Reg r = regVars.get(v);
        if (r != null) return r;
        return load(varAddress(v), v.type);
    }

    // ---- statements ----

    /** -g: what is emitted from now on comes from this location's line (if it is in the main file). */
    private void lineAt(jomp.compiler.diag.SourceLocation loc) {
        int l = unit.lineOf(loc);
        if (l > 0) b.line = unit.line = l;
    }

    void stmt(Stmt s) {
        if (!(s instanceof Stmt.Compound)) lineAt(s.loc());
        switch (s) {
            case Stmt.Compound c -> compound(c);
            case Stmt.ExprStmt x -> rvalue(x.expr());
            case Stmt.Null n -> {}
            case Stmt.If i -> ifStmt(i);
            case Stmt.While w -> whileStmt(w);
            case Stmt.DoWhile d -> doWhile(d);
            case Stmt.For f -> forStmt(f);
            case Stmt.Switch sw -> switchStmt(sw);
            case Stmt.Case c -> {
                BasicBlock l = caseBlocks.get(c);
                b.br(l);
                b.setBlock(l);
                stmt(c.body());
            }
            case Stmt.Default d -> {
                BasicBlock l = caseBlocks.get(d);
                b.br(l);
                b.setBlock(l);
                stmt(d.body());
            }
            case Stmt.Break br -> {
                runCleanups(breakCleanups);
                releaseVlas(breakDepth);
                b.br(breakTarget);
            }
            case Stmt.Continue c -> {
                runCleanups(continueCleanups);
                releaseVlas(continueDepth);
                b.br(continueTarget);
            }
            case Stmt.Return r -> ret(r);
            case Stmt.Goto g -> {
                if (!cleanups.isEmpty()) runCleanups(commonCleanups(g.label()));
                b.br(label(g.label()));
            }
            case Stmt.IndirectGoto g -> indirectGotos().jump(g);
            case Stmt.Label l -> {
                BasicBlock t = label(l.name());
                b.br(t);
                b.setBlock(t);
                stmt(l.body());
            }
            case Stmt.Decl d -> {
                for (Stmt.LocalVar lv : d.vars()) declare(lv);
            }
            case Stmt.Omp o -> omp.lower(o);
            case Stmt.Asm a -> AsmLowering.lower(this, a);
        }
    }

    private void ifStmt(Stmt.If i) {
        BasicBlock then = b.newBlock("if.then"), end = b.newBlock("if.end");
        BasicBlock els = i.otherwise() == null ? end : b.newBlock("if.else");
        cond(i.cond(), then, els);
        b.setBlock(then);
        stmt(i.then());
        b.br(end);
        if (i.otherwise() != null) {
            b.setBlock(els);
            stmt(i.otherwise());
            b.br(end);
        }
        b.setBlock(end);
    }

    private void whileStmt(Stmt.While w) {
        BasicBlock head = b.newBlock("while.cond"), body = b.newBlock("while.body"), end = b.newBlock("while.end");
        b.br(head);
        b.setBlock(head);
        cond(w.cond(), body, end);
        loopBody(w.body(), body, end, head);
        b.br(head);
        b.setBlock(end);
    }

    private void doWhile(Stmt.DoWhile d) {
        BasicBlock body = b.newBlock("do.body"), head = b.newBlock("do.cond"), end = b.newBlock("do.end");
        b.br(body);
        loopBody(d.body(), body, end, head);
        lineAt(d.cond().loc());
        b.br(head);
        b.setBlock(head);
        cond(d.cond(), body, end);
        b.setBlock(end);
    }

    private void forStmt(Stmt.For f) {
        int mark = cleanups.size();
        if (f.init() != null) stmt(f.init());
        BasicBlock head = b.newBlock("for.cond"),
                body = b.newBlock("for.body"),
                step = b.newBlock("for.step"),
                end = b.newBlock("for.end");
        b.br(head);
        b.setBlock(head);
        if (f.cond() != null) cond(f.cond(), body, end);
        else b.br(body);
        loopBody(f.body(), body, end, step);
        lineAt(f.step() != null ? f.step().loc() : f.loc());
        b.br(step);
        b.setBlock(step);
        if (f.step() != null) rvalue(f.step());
        b.br(head);
        b.setBlock(end);
        runCleanups(mark); // the declarations of the for statement's first clause leave scope
        cleanups.subList(mark, cleanups.size()).clear();
    }

    void loopBody(Stmt body, BasicBlock start, BasicBlock brk, BasicBlock cont) {
        BasicBlock ob = breakTarget, oc = continueTarget;
        int obd = breakDepth, ocd = continueDepth, obc = breakCleanups, occ = continueCleanups;
        breakTarget = brk;
        continueTarget = cont;
        breakDepth = continueDepth = vlaScopes.size();
        breakCleanups = continueCleanups = cleanups.size();
        b.setBlock(start);
        stmt(body);
        breakTarget = ob;
        continueTarget = oc;
        breakDepth = obd;
        continueDepth = ocd;
        breakCleanups = obc;
        continueCleanups = occ;
    }

    /**
     * A block; one that declares VLAs gives their space back when control leaves it normally or
     * by break/continue (as gcc does), so a VLA in a loop body does not grow the stack each
     * iteration. (A goto out of such a block keeps the space until the function returns.)
     */
    void compound(Stmt.Compound c) {
        compound(c, null);
    }

    /**
     * A block, and the value of result (a statement expression's, or null) computed in its
     * scope: before the cleanups of its variables run ({@link Var#cleanup}, latest declared
     * first) and its VLA space is given back.
     */
    Value compound(Stmt.Compound c, Expr result) {
        boolean hasVla = false;
        for (Stmt i : c.items())
            if (i instanceof Stmt.Decl d)
                for (Stmt.LocalVar lv : d.vars())
                    hasVla |= (lv.var().type.kind == Type.Kind.VLA || lv.var().ompAllocator != null)
                            && !lv.var().isStatic();
        int mark = cleanups.size();
        Reg saved = hasVla ? b.stackSave() : null;
        if (hasVla) vlaScopes.add(saved);
        for (Stmt i : c.items()) stmt(i);
        Value v = result == null ? null : rvalue(result);
        if (v != null && cleanups.size() > mark && TypeMap.inMemory(result.type())) {
            // the value is read where it lies, which a cleanup may change: keep a copy
            Value copy = slotAddr(temp(result.type()));
            b.memcpy(copy, v, IntConst.i64(result.type().size()));
            v = copy;
        }
        if (!b.isTerminated()) runCleanups(mark);
        cleanups.subList(mark, cleanups.size()).clear();
        if (hasVla) {
            vlaScopes.remove(vlaScopes.size() - 1);
            if (!b.isTerminated()) b.stackRestore(saved);
        }
        return v;
    }

    /** Calls the cleanups of the variables in scope past the first depth ones, latest declared first. */
    void runCleanups(int depth) {
        for (int i = cleanups.size() - 1; i >= depth; i--) rvalue(cleanups.get(i).cleanup);
    }

    /** How many of the cleanups in scope are also in scope at the label (a goto runs the others). */
    private int commonCleanups(String label) {
        if (labelCleanups == null) labelCleanups = jomp.compiler.sema.JumpScopes.cleanupsAtLabels(def.body());
        List<Var> there = labelCleanups.getOrDefault(label, List.of());
        int n = 0;
        while (n < cleanups.size() && n < there.size() && cleanups.get(n) == there.get(n)) n++;
        return n;
    }

    /** Releases the VLA space of the scopes deeper than depth (before a jump out of them). */
    void releaseVlas(int depth) {
        if (vlaScopes.size() > depth) b.stackRestore(vlaScopes.get(depth));
    }

    BasicBlock label(String name) {
        return labels.computeIfAbsent(name, n -> b.newBlock("L." + safeName(n)));
    }

    void switchStmt(Stmt.Switch sw) {
        Value v = rvalue(sw.cond());
        BasicBlock end = b.newBlock("sw.end");
        for (Stmt.Case c : sw.cases()) caseBlocks.put(c, b.newBlock("sw.case"));
        BasicBlock dflt = end;
        if (sw.defaultCase() != null) {
            dflt = b.newBlock("sw.default");
            caseBlocks.put(sw.defaultCase(), dflt);
        }
        if (WideBitInts.is(sw.cond().type())) wide().dispatch(v, sw.cond().type(), sw.cases(), dflt);
        else if (Int128Ops.is(sw.cond().type())) {
            Int128Switch.Narrow narrow =
                    Int128Switch.dispatch(this, v, sw.cond().type().isUnsigned, sw.cases(), dflt);
            dispatch(narrow.low(), narrow.cases(), dflt);
        } else dispatch(v, sw.cases(), dflt);
        BasicBlock ob = breakTarget;
        int obd = breakDepth, obc = breakCleanups;
        breakTarget = end;
        breakDepth = vlaScopes.size();
        breakCleanups = cleanups.size();
        b.setBlock(b.newBlock("sw.body"));
        stmt(sw.body());
        breakTarget = ob;
        breakDepth = obd;
        breakCleanups = obc;
        b.br(end);
        b.setBlock(end);
    }

    /** Jumps to the case blocks by v's value (the cases' lo and hi), else to dflt. */
    private void dispatch(Value v, List<Stmt.Case> cases, BasicBlock dflt) {
        IrType t = v.type();
        List<Long> values = new ArrayList<>();
        List<BasicBlock> targets = new ArrayList<>();
        List<Stmt.Case> ranges = new ArrayList<>();
        for (Stmt.Case c : cases) {
            BasicBlock l = caseBlocks.get(c);
            if (c.hi() - c.lo() > 256 || c.hi() < c.lo()) ranges.add(c);
            else
                for (long x = c.lo(); ; x++) {
                    values.add(IntConst.normalise(t, x));
                    targets.add(l);
                    if (x == c.hi()) break;
                }
        }
        // Large GNU case ranges become comparisons in front of the switch.
        for (Stmt.Case c : ranges) {
            BasicBlock next = b.newBlock("sw.range");
            Value off = b.binary(Insn.BinOp.SUB, v, new IntConst(t, c.lo()));
            Value in = b.cmp(Insn.CmpOp.ULE, off, new IntConst(t, c.hi() - c.lo()));
            b.condBr(in, caseBlocks.get(c), next);
            b.setBlock(next);
        }
        b.switchTo(v, dflt, values, targets);
    }

    /** return: the value is computed (and an in-memory one copied out) before the cleanups in scope run. */
    void ret(Stmt.Return r) {
        if (r.value() == null) {
            runCleanups(0);
            b.ret(sretPtr != null ? sretPtr : fn.type.ret() == IrType.VOID ? null : Emit.zero(fn.type.ret()));
            return;
        }
        Value v = rvalue(r.value());
        if (sretPtr != null) {
            b.memcpy(sretPtr, v, IntConst.i64(r.value().type().size()));
            runCleanups(0);
            b.ret(sretPtr);
        } else if (fn.type.ret() == IrType.VOID) {
            runCleanups(0);
            b.ret(null);
        } else {
            runCleanups(0);
            b.ret(v);
        }
    }

    void declare(Stmt.LocalVar lv) {
        Var v = lv.var();
        if (v.storage == Var.Storage.EXTERN || v.isFunction() || v.storage == Var.Storage.TYPEDEF) return;
        if (v.storage == Var.Storage.STATIC) {
            unit.defineGlobal(v, lv.init(), lv.loc());
            return;
        }
        if (v.type.isVariablyModified()) computeVlaSizes(v.type);
        if (v.ompAllocator != null) {
            // the allocate directive's allocator: its alignment trait (a VLA's too)
            addrVars.put(v, DataSharing.allocatorAligned(this, v));
        } else if (v.type.kind == Type.Kind.VLA) {
            Reg a = b.alloca(sizeOf(v.type), Math.max(Math.max(v.type.align(), v.align), 16));
            addrVars.put(v, a);
        }
        if (lv.init() != null) new AssignLowering(this).initialize(v, lv.init());
        if (v.cleanup != null) cleanups.add(v);
    }

    /** Assigns the hidden size variables of a variably modified type, innermost first. */
    void computeVlaSizes(Type t) {
        if (t == null || t.kind == Type.Kind.FUNC) return;
        computeVlaSizes(t.base);
        if (t.kind == Type.Kind.VLA && Vla.sizeVar(t) != null) {
            Value len = rvalue(Vla.length(t));
            len = e.convert(len, Vla.length(t).type(), Type.ULONG);
            Value size = e.bin(Insn.BinOp.MUL, len, sizeOf(t.base));
            assignVar(Vla.sizeVar(t), size);
        }
    }

    void assignVar(Var v, Value val) {
        Reg r = regVars.get(v);
        if (r != null) b.copy(r, val);
        else store(varAddress(v), val, v.type);
    }

    // ---- conditions ----

    void cond(Expr c, BasicBlock t, BasicBlock f) {
        switch (c) {
            case Expr.Binary bin
            when bin.op() == Expr.Binary.Op.LOGAND -> {
                BasicBlock mid = b.newBlock("and.rhs");
                cond(bin.left(), mid, f);
                b.setBlock(mid);
                cond(bin.right(), t, f);
            }
            case Expr.Binary bin
            when bin.op() == Expr.Binary.Op.LOGOR -> {
                BasicBlock mid = b.newBlock("or.rhs");
                cond(bin.left(), t, mid);
                b.setBlock(mid);
                cond(bin.right(), t, f);
            }
            case Expr.Unary u when u.op() == Expr.Unary.Op.NOT -> cond(u.operand(), f, t);
            default -> {
                Value v = truth(c);
                if (v instanceof IntConst k) b.br(k.value() != 0 ? t : f);
                else b.condBr(v, t, f);
            }
        }
    }

    /** A scalar's truth value: an integer that is non-zero exactly when c is. */
    Value truth(Expr c) {
        Type t = c.type();
        Value v = rvalue(c);
        if (t.isComplex) return ComplexParts.truth(this, v, t);
        if (v.type().isFloat()) return e.cmp(Insn.CmpOp.NE, v, Emit.zero(v.type()));
        if (Int128Ops.is(t)) return int128().truth(v);
        if (WideBitInts.is(t)) return wide().truth(v, t);
        if (QuadOps.is(t)) return quad().truth(v);
        return v;
    }

    // ---- expressions ----

    /** The address of an lvalue (or of a struct/union/complex rvalue). */
    Value address(Expr x) {
        return switch (x) {
            case Expr.VarRef r -> {
                Var v = r.var();
                if (v.isFunction()) yield funcAddr(v);
                yield varAddress(v);
            }
            case Expr.Unary u when u.op() == Expr.Unary.Op.DEREF -> rvalue(u.operand());
            case Expr.Unary u when u.op() == Expr.Unary.Op.REAL -> address(u.operand());
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.IMAG ->
                at(address(u.operand()), u.type().size());
            case Expr.Member m -> at(address(m.base()), m.member().offset());
            case Expr.StrLit s ->
                b.globalAddr(unit.stringLiteral(s.bytes(), Math.max(s.type().align(), 1)));
            case Expr.CompoundLiteral c -> compoundLiteral(c);
            default -> {
                if (TypeMap.inMemory(x.type()) || x.type().isFunction()) yield rvalue(x);
                throw new IllegalStateException("not an lvalue: " + x);
            }
        };
    }

    Value varAddress(Var v) {
        Slot s = slotVars.get(v);
        if (s != null) return slotAddr(s);
        Reg a = addrVars.get(v);
        if (a != null) return a;
        if (v.isStatic() && v.threadLocal) {
            // _Thread_local / threadprivate: this thread's copy, made on its first use from the
            // initial value (the ".tpinit" twin Lowering defines beside the variable)
            String sym = unit.reference(v);
            unit.useData(sym + Lowering.THREAD_INIT_SUFFIX);
            return omp.call(
                    EntryPoints.THREADPRIVATE,
                    IrType.PTR,
                    b.globalAddr(sym),
                    b.globalAddr(sym + Lowering.THREAD_INIT_SUFFIX),
                    IntConst.i64(Math.max(v.type.size(), 1)));
        }
        if (v.isStatic() && v.groupPrivate != null) {
            // OpenMP 6.0 groupprivate: the contention group's copy (the runtime's per team; nvptx64: the
            // block's .shared copy, PtxPreparation), or the variable itself where the device type excludes
            int kind = v.groupPrivate.equals("host") ? 1 : v.groupPrivate.equals("nohost") ? 2 : 0;
            return omp.call(
                    EntryPoints.GROUPPRIVATE,
                    IrType.PTR,
                    b.globalAddr(unit.reference(v)),
                    IntConst.i64(Math.max(v.type.size(), 1)),
                    IntConst.i32(kind));
        }
        if (v.isStatic()) return b.globalAddr(unit.reference(v));
        if (regVars.containsKey(v)) throw new IllegalStateException("address of register variable " + v.name);
        // A local the declaration list did not mention (should not happen): give it a slot.
        Slot n = localSlot(v);
        slotVars.put(v, n);
        return slotAddr(n);
    }

    Value funcAddr(Var f) {
        return b.funcAddr(unit.reference(f));
    }

    Value compoundLiteral(Expr.CompoundLiteral c) {
        Var v = c.var();
        if (v.isStatic() && !v.isLocal) {
            if (!unit.isDefinedHere(v)) unit.defineGlobal(v, c.init(), c.loc());
            return b.globalAddr(unit.symbolOf(v));
        }
        Slot s = slotVars.get(v);
        if (s == null) {
            s = fn.newSlot(null, Math.max(v.type.size(), 1), Math.max(v.type.align(), 1));
            slotVars.put(v, s);
        }
        Value a = slotAddr(s);
        if (c.init() != null) new AssignLowering(this).initializeAt(a, c.init());
        return a;
    }

    /** Evaluates x; scalars give their value, struct/union/complex values their address, void null. */
    Value rvalue(Expr x) {
        if (WideBitInts.is(x.type()) && jomp.compiler.sema.Int128Const.eval(x) instanceof java.math.BigInteger k)
            return wide().constant(k, x.type()); // a wb literal of more than 64 bits is a tree of its words
        return switch (x) {
            case Expr.IntLit i ->
                Int128Ops.is(i.type())
                        ? int128().make(IntConst.i64(i.value()), IntConst.i64(i.value() >> 63))
                        : new IntConst(TypeMap.reg(i.type()), i.value());
            case Expr.FloatLit f -> floatLit(f);
            case Expr.StrLit s -> address(s);
            case Expr.VarRef r -> {
                Var v = r.var();
                if (v.isFunction()) yield funcAddr(v);
                Reg reg = regVars.get(v);
                if (reg != null) yield reg;
                if (TypeMap.inMemory(v.type)) yield readObject(varAddress(v), v.type);
                yield load(varAddress(v), v.type);
            }
            case Expr.Decay d -> address(d.operand());
            case Expr.Unary u -> unary(u);
            case Expr.Binary bin -> binary(bin);
            case Expr.Assign a -> new AssignLowering(this).assign(a);
            case Expr.CompoundAssign ca -> new AssignLowering(this).compoundAssign(ca);
            case Expr.IncDec id -> new AssignLowering(this).incDec(id);
            case Expr.Cond c -> conditional(c);
            case Expr.Cast c when c.type().isVector() || c.operand().type().isVector() -> VectorLowering.cast(this, c);
            case Expr.Cast c -> cast(c);
            case Expr.VectorOp v -> VectorLowering.op(this, v);
            case Expr.Call c -> call(c);
            case Expr.Member m -> {
                Value base = address(m.base());
                Member mem = m.member();
                Value addr = at(base, mem.offset());
                if (mem.isBitField()) yield loadBits(addr, mem);
                if (TypeMap.inMemory(m.type())) yield readObject(addr, m.type());
                yield load(addr, m.type());
            }
            case Expr.CompoundLiteral c -> {
                Value a = compoundLiteral(c);
                yield TypeMap.inMemory(c.type()) ? a : load(a, c.type());
            }
            case Expr.VlaSizeof s -> sizeOf(s.vlaType());
            case Expr.VaOp op -> vaOp(op);
            case Expr.VaArg va -> vaArg(va);
            case Expr.StmtExpr se -> compound(se.body(), se.result());
            case Expr.LabelAddr l -> indirectGotos().address(l);
        };
    }

    Value floatLit(Expr.FloatLit f) {
        if (QuadOps.is(f.type())) return quad().constant(f.quad());
        if (f.type().isComplex) { // an imaginary constant (1.0i, 1.0qi): a complex value with a zero real part
            Type el = f.type().base;
            Value im = QuadOps.is(el) ? quad().constant(f.quad()) : new FloatConst(TypeMap.reg(el), f.value());
            return ComplexParts.make(this, f.type(), ComplexParts.zero(this, el), im);
        }
        return new FloatConst(TypeMap.reg(f.type()), f.value());
    }

    Value unary(Expr.Unary u) {
        Type t = u.type();
        if (WideBitInts.is(t) && (u.op() == Expr.Unary.Op.NEG || u.op() == Expr.Unary.Op.BITNOT))
            return wide().unary(u.op(), rvalue(u.operand()), t);
        if (Int128Ops.is(t) && (u.op() == Expr.Unary.Op.NEG || u.op() == Expr.Unary.Op.BITNOT))
            return bitIntWrap(int128().unary(u.op(), rvalue(u.operand())), t);
        if (t.isBitInt() && (u.op() == Expr.Unary.Op.NEG || u.op() == Expr.Unary.Op.BITNOT))
            return e.narrow(
                    e.unary(u.op() == Expr.Unary.Op.NEG ? Insn.UnOp.NEG : Insn.UnOp.NOT, rvalue(u.operand())), t);
        if (QuadOps.is(t) && u.op() == Expr.Unary.Op.NEG) return quad().negate(rvalue(u.operand()));
        return switch (u.op()) {
            case ADDR -> address(u.operand());
            case DEREF -> {
                Value p = rvalue(u.operand());
                if (TypeMap.inMemory(t)) yield readObject(p, u.operand().type().base);
                if (t.isFunction()) yield p;
                if (t.isVoid()) yield null;
                yield load(p, t);
            }
            case PLUS -> rvalue(u.operand());
            case NEG -> {
                Value v = rvalue(u.operand());
                yield t.isComplex ? ComplexParts.negate(this, v, t) : e.unary(Insn.UnOp.NEG, v);
            }
            case BITNOT ->
                t.isComplex
                        ? ComplexParts.conjugate(this, rvalue(u.operand()), t)
                        : e.unary(Insn.UnOp.NOT, rvalue(u.operand()));
            case NOT -> {
                Value v = truth(u.operand());
                yield e.cmp(Insn.CmpOp.EQ, v, Emit.zero(v.type()));
            }
            case REAL, IMAG -> {
                Type ot = u.operand().type();
                Value v = rvalue(u.operand());
                if (!ot.isComplex) yield u.op() == Expr.Unary.Op.REAL ? v : ComplexParts.zero(this, t);
                yield u.op() == Expr.Unary.Op.REAL ? ComplexParts.re(this, v, ot) : ComplexParts.im(this, v, ot);
            }
        };
    }

    Value binary(Expr.Binary x) {
        switch (x.op()) {
            case LOGAND, LOGOR -> {
                Reg r = fn.newReg(IrType.I32);
                BasicBlock t = b.newBlock("bool.true"), f = b.newBlock("bool.false"), end = b.newBlock("bool.end");
                cond(x, t, f);
                b.setBlock(t);
                b.copy(r, IntConst.i32(1));
                b.br(end);
                b.setBlock(f);
                b.copy(r, IntConst.i32(0));
                b.br(end);
                b.setBlock(end);
                return r;
            }
            case COMMA -> {
                rvalue(x.left());
                return rvalue(x.right());
            }
            default -> {}
        }
        Type lt = x.left().type();
        if (halfArithmetic(x)) return HalfFloats.round(e, excessPrecision(x));
        Value l = rvalue(x.left());
        Value r = rvalue(x.right());
        if (lt.isComplex) return complexBinary(x.op(), l, r, lt);
        if (WideBitInts.is(lt)) return wide().binary(x.op(), l, r, lt, x.right().type());
        if (Int128Ops.is(lt))
            return bitIntWrap(int128().binary(x.op(), l, r, lt, x.right().type()), x.type());
        if (QuadOps.is(lt)) return quad().binary(x.op(), l, r);
        return bitIntWrap(Ops.binary(e, x.op(), l, r, lt), x.type());
    }

    /** An arithmetic result of _BitInt(N) type brought back to N bits (wrap-around; other types as they are). */
    Value bitIntWrap(Value v, Type t) {
        if (!t.isBitInt() || WideBitInts.is(t)) return v; // the runtime keeps wide ones so
        return Int128Ops.is(t) ? int128().wrap(v, t.bitWidth(), t.isUnsigned) : e.narrow(v, t);
    }

    /** Whether x is _Float16 arithmetic, which clang computes in float and rounds only where its value is used. */
    static boolean halfArithmetic(Expr x) {
        return x.type().kind == Type.Kind.FLOAT16
                && !x.type().isComplex
                && (x instanceof Expr.Binary bin
                                && switch (bin.op()) {
                                    case ADD, SUB, MUL, DIV -> true;
                                    default -> false;
                                }
                        || x instanceof Expr.Unary u && (u.op() == Expr.Unary.Op.NEG || u.op() == Expr.Unary.Op.PLUS));
    }

    /**
     * A _Float16 operand in float with clang's excess precision: the arithmetic below it unrounded
     * ({@code a * b + c} rounds once, as clang's ScalarExprEmitter::EmitPromoted computes it).
     */
    Value excessPrecision(Expr x) {
        if (!halfArithmetic(x)) return rvalue(x);
        if (x instanceof Expr.Unary u)
            return u.op() == Expr.Unary.Op.NEG
                    ? e.unary(Insn.UnOp.NEG, excessPrecision(u.operand()))
                    : excessPrecision(u.operand());
        Expr.Binary bin = (Expr.Binary) x;
        Value l = excessPrecision(bin.left());
        Value r = excessPrecision(bin.right());
        return Ops.binary(e, bin.op(), l, r, Type.FLOAT);
    }

    Value complexBinary(Expr.Binary.Op op, Value l, Value r, Type t) {
        if (QuadComplexOps.is(t)) return QuadComplexOps.binary(this, op, l, r, t);
        if (ComplexParts.half(t)) { // gcc's: in float complex (__mulsc3, __divsc3), each part rounded once after
            Type w = Type.FLOAT_COMPLEX;
            Value v = complexBinary(op, convertValue(l, t, w), convertValue(r, t, w), w);
            return op == Expr.Binary.Op.EQ || op == Expr.Binary.Op.NE ? v : convertValue(v, w, t);
        }
        IrType el = TypeMap.reg(t.base);
        if (op == Expr.Binary.Op.EQ || op == Expr.Binary.Op.NE) {
            Value re = e.cmp(Insn.CmpOp.EQ, b.load(el, l), b.load(el, r));
            Value im = e.cmp(Insn.CmpOp.EQ, b.load(el, at(l, el.size)), b.load(el, at(r, el.size)));
            Value both = e.bin(Insn.BinOp.AND, re, im);
            return op == Expr.Binary.Op.EQ ? both : e.bin(Insn.BinOp.XOR, both, IntConst.i32(1));
        }
        ComplexOps.Op cop = switch (op) {
            case ADD -> ComplexOps.Op.ADD;
            case SUB -> ComplexOps.Op.SUB;
            case MUL -> ComplexOps.Op.MUL;
            case DIV -> ComplexOps.Op.DIV;
            default -> throw new IllegalStateException("complex " + op);
        };
        Value d = slotAddr(temp(t));
        ComplexOps.emit(b, cop, d, l, r, el);
        return d;
    }

    /**
     * Runs after each assignment to a variable (=, op=, ++, --) this function lowers: the
     * conditional lastprivate variables of an enclosing loop note the iteration (DataSharing).
     */
    final Map<Var, Runnable> assignHooks = new IdentityHashMap<>();

    /**
     * Induction variables' start values, copied before a teams region forks (their addresses; OmpLowering.teams):
     * the teams read them there, since a team that ran the last iteration may write the final value back before
     * another team starts. Outlined regions inside receive them (OmpLowering.outline).
     */
    final Map<Var, Value> inductionStarts = new IdentityHashMap<>();

    Value conditional(Expr.Cond c) {
        Type t = c.type();
        BasicBlock then = b.newBlock("cond.then"), els = b.newBlock("cond.else"), end = b.newBlock("cond.end");
        cond(c.cond(), then, els);
        Reg r = t.isVoid() ? null : fn.newReg(TypeMap.reg(t));
        b.setBlock(then);
        Value v = rvalue(c.then());
        if (r != null) b.copy(r, v);
        b.br(end);
        b.setBlock(els);
        v = rvalue(c.otherwise());
        if (r != null) b.copy(r, v);
        b.br(end);
        b.setBlock(end);
        return r;
    }

    Value cast(Expr.Cast c) {
        Type from = c.operand().type(), to = c.type();
        Value v = rvalue(c.operand());
        return convertValue(v, from, to);
    }

    /** Conversions including complex ones (complex values are addresses). */
    Value convertValue(Value v, Type from, Type to) {
        if (to.isVoid()) return null;
        if (QuadComplexOps.involved(from, to)) return QuadComplexOps.convert(this, v, from, to);
        if (WideBitInts.is(from) || WideBitInts.is(to)) {
            if (from.isComplex || to.isComplex || to.isVector() || from.isVector())
                throw new Lowering.Unsupported(null, "jomp cannot convert between _BitInt and complex or vector types");
            if (QuadOps.is(to)) return quad().from(wide().to(v, from, Type.DOUBLE), Type.DOUBLE); // through double
            if (QuadOps.is(from)) return wide().from(quad().to(v, Type.INT128), Type.INT128, to);
            if (WideBitInts.is(from) && from.origin == to.origin) return v;
            return WideBitInts.is(to) ? wide().from(v, from, to) : wide().to(v, from, to);
        }
        if (QuadOps.is(from) || QuadOps.is(to)) {
            if (from.isComplex || to.isComplex)
                throw new Lowering.Unsupported(null, "jomp cannot convert between __float128 and complex types");
            return QuadOps.is(to) ? quad().from(v, from) : quad().to(v, to);
        }
        if (Int128Ops.is(from) || Int128Ops.is(to)) {
            if (Int128Ops.is(from) && Int128Ops.is(to)) // same 128 bits, read another way (or fewer of them)
            return Types.width(to) < Types.width(from) || from.isUnsigned != to.isUnsigned ? bitIntWrap(v, to) : v;
            if (from.isComplex || to.isComplex)
                throw new Lowering.Unsupported(null, "jomp cannot convert between __int128 and complex types");
            return Int128Ops.is(to) ? bitIntWrap(int128().from(v, from), to) : int128().to(v, from, to);
        }
        if (!from.isComplex && !to.isComplex) {
            if (TypeMap.inMemory(to) || from.isArray() || from.isFunction()) return v;
            return e.convert(v, from, to);
        }
        if (from.isComplex && to.isComplex) {
            if (from.base.kind == to.base.kind || TypeMap.mem(from.base) == TypeMap.mem(to.base)) return v;
            Value re = e.convert(ComplexParts.re(this, v, from), from.base, to.base);
            Value im = e.convert(ComplexParts.im(this, v, from), from.base, to.base);
            return makeComplex(to, re, im);
        }
        if (to.isComplex) {
            Value re = e.convert(v, from, to.base);
            return makeComplex(to, re, Emit.zero(TypeMap.reg(to.base)));
        }
        // complex to real: the real part (to _Bool: either part non-zero)
        if (to.kind == Type.Kind.BOOL) return ComplexParts.truth(this, v, from);
        return e.convert(ComplexParts.re(this, v, from), from.base, to);
    }

    Value makeComplex(Type t, Value re, Value im) {
        return ComplexParts.make(this, t, re, im);
    }

    // ---- bit-fields ----

    Value loadBits(Value addr, Member m) {
        return new BitFields(this).load(addr, m);
    }

    /** Stores v (of the member's type) into the bit-field; returns the value the field now holds. */
    Value storeBits(Value addr, Member m, Value v) {
        return new BitFields(this).store(addr, m, v);
    }

    // ---- calls (CallLowering) ----

    Value call(Expr.Call c) {
        return new CallLowering(this).call(c);
    }

    /** The call c of direct (null: of target, or of c's callee); adjust: a dispatch's declare variant (VariantCalls), else null. */
    Value callTo(Expr.Call c, Var direct, Value chosen, OmpClause.DeclaredVariant adjust) {
        return new CallLowering(this).callTo(c, direct, chosen, adjust);
    }

    // ---- stdarg ----

    Value vaOp(Expr.VaOp op) {
        switch (op.kind()) {
            case START -> {
                Value area = fn.vaArea != null ? fn.vaArea : IntConst.ptr(0);
                writeLvalue(op.args().get(0), area);
            }
            case END -> {
                for (Expr x : op.args()) rvalue(x);
            }
            case COPY -> writeLvalue(op.args().get(0), rvalue(op.args().get(1)));
        }
        return null;
    }

    /** Assigns a pointer-sized value to an lvalue expression (a va_list). */
    void writeLvalue(Expr target, Value v) {
        if (target instanceof Expr.VarRef ref && regVars.containsKey(ref.var())) {
            b.copy(regVars.get(ref.var()), v);
            return;
        }
        b.store(v, address(target));
    }

    Value vaArg(Expr.VaArg va) {
        Type t = va.type();
        Value p = rvalue(va.ap());
        long slots = TypeMap.inMemory(t) ? (t.size() + 7) / 8 : 1;
        Value result;
        if (TypeMap.inMemory(t)) {
            Value copy = slotAddr(temp(t));
            b.memcpy(copy, p, IntConst.i64(t.size()));
            result = copy;
        } else if (t.kind == Type.Kind.FLOAT || t.kind == Type.Kind.FLOAT16) {
            // a _Float16 argument, like a float, sits in its slot as a double (CallLowering.variadicArea)
            result = e.conv(Insn.ConvOp.FPTRUNC, b.load(IrType.F64, p), IrType.F32);
        } else {
            result = load(p, t);
        }
        writeLvalue(va.ap(), b.ptrAdd(p, IntConst.i64(slots * 8)));
        return result;
    }
}
