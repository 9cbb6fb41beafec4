package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * {@code __attribute__((ifunc("resolver")))} on a function f: f is a global function (the object
 * marks it STT_GNU_IFUNC) that calls what the resolver returned, with f's arguments, and returns
 * its result. The resolver runs once, from a start-up function of priority 0 (before every
 * constructor, as ld.so's IRELATIVE relocations run before .init_array), or at f's first call if
 * that comes first (another unit's constructor of a jomp shared library); its result is kept in a
 * unit-local pointer. &f is f's own address in every unit, as a non-PIE executable's canonical PLT
 * entry is; calls through it reach the resolver's result. A variadic f passes its caller's
 * variadic area on (abi.md: the area is one pointer), so the implementation's va_arg reads the
 * caller's arguments, as gcc's PLT jump leaves the registers and stack to it. clang's errors (its CodeGen's):
 * the resolver must be defined in the unit and return a pointer.
 */
final class Ifuncs {
    private Ifuncs() {}

    /** The unit's ifuncs, added to the module; returns their resolvers' symbols (compiled even if static). */
    static Set<String> lower(Lowering unit, TranslationUnit tu, Set<Var> defined) {
        Map<String, Var> bySymbol = new HashMap<>();
        for (Var v : defined) bySymbol.put(unit.symbolOf(v), v);
        Set<String> resolvers = new java.util.HashSet<>();
        List<String[]> made = new ArrayList<>(); // (slot, resolve function)
        for (Var f : tu.globals()) {
            if (f.ifunc == null || defined.contains(f)) continue;
            Var r = bySymbol.get(f.ifunc);
            if (r == null || !r.isFunction()) {
                unit.diags.error(f.aliasLoc, "ifunc must point to a defined function");
                unit.diags.note(f.aliasLoc, "the function specified in an ifunc must refer to its mangled name");
                continue;
            }
            if (!r.type.base.isPointer()) {
                unit.diags.error(f.aliasLoc, "ifunc resolver function must return a pointer");
                continue;
            }
            String sym = unit.symbolOf(f), resolver = unit.symbolOf(r);
            resolvers.add(resolver);
            String slot = unit.fresh(".ifunc." + sym);
            unit.module.globals.add(new Global(slot, 8, 8, true, false, new byte[8]));
            String resolve = unit.fresh(".ifunc_resolve." + sym);
            FuncType resolverType = TypeMap.signature(r.type);
            unit.module.functions.add(resolve(resolve, slot, resolver, resolverType, CSignature.of(r.type)));
            unit.module.functions.add(forward(sym, f, resolve));
            made.add(new String[] {slot, resolve});
        }
        if (!made.isEmpty()) unit.module.functions.add(startup(unit, made));
        return resolvers;
    }

    /** {@code void *resolve(void)}: the slot's pointer, which the first call gets from the resolver. */
    private static Function resolve(String name, String slot, String resolver, FuncType rt, String csig) {
        Function fn = new Function(name, new FuncType(IrType.PTR, List.of(), false), true);
        fn.csig = "p()";
        IrBuilder b = new IrBuilder(fn);
        Reg addr = b.globalAddr(slot);
        Reg p = b.load(IrType.PTR, addr);
        BasicBlock first = b.newBlock("first"), done = b.newBlock("done");
        b.condBr(b.cmp(Insn.CmpOp.EQ, p, new IntConst(IrType.PTR, 0)), first, done);
        b.setBlock(first);
        List<Value> zeros = new ArrayList<>();
        for (IrType t : rt.params()) zeros.add(Emit.zero(t)); // gcc passes the hwcap words; jomp nothing
        Reg got = b.call(resolver, rt, zeros, csig);
        b.store(got, addr);
        b.ret(got);
        b.setBlock(done);
        b.ret(p);
        return fn;
    }

    /** f itself: calls what resolve gives with f's arguments (a hidden return pointer included). */
    private static Function forward(String name, Var f, String resolve) {
        FuncType sig = TypeMap.signature(f.type);
        Function fn = new Function(name, sig, false);
        fn.weak = f.weak;
        fn.ifunc = true;
        fn.csig = CSignature.of(f.type);
        IrBuilder b = new IrBuilder(fn);
        List<Value> args = new ArrayList<>();
        for (IrType t : sig.params()) {
            Reg r = fn.newReg(t);
            fn.params.add(r);
            args.add(r);
        }
        if (sig.variadic()) { // the caller's variadic area goes on as it is: the slots it filled, unread
            fn.vaArea = fn.newReg(IrType.PTR, "va");
            args.add(fn.vaArea);
        }
        Reg target = b.call(resolve, new FuncType(IrType.PTR, List.of(), false), List.of(), "p()");
        Reg result = b.callIndirect(target, sig, args, fn.csig);
        b.ret(sig.ret() == IrType.VOID ? null : result);
        return fn;
    }

    /** The start-up function (constructor priority 0) that runs each resolver once, in source order. */
    private static Function startup(Lowering unit, List<String[]> made) {
        Function fn = new Function(unit.initName(0), new FuncType(IrType.VOID, List.of(), false), false);
        fn.csig = "v()";
        IrBuilder b = new IrBuilder(fn);
        for (String[] m : made) b.call(m[1], new FuncType(IrType.PTR, List.of(), false), List.of(), "p()");
        b.ret(null);
        return fn;
    }
}
