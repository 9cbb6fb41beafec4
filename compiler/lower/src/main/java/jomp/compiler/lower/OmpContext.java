package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.sema.ConstEval;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.EntryPoints;

/**
 * OpenMP contexts and context selectors (OpenMP 5.2 §7.1-7.3), for metadirective and declare
 * variant. What the compiler knows decides at compile time: the construct trait set (the
 * constructs enclosing the point, lexically), the implementation (jomp answers as clang does:
 * vendor llvm), constant user conditions, and the device traits of host code. The device traits
 * of code that may run on a device (target regions, declare target functions) are asked of the
 * runtime of the device that runs it ({@code __jomp_device_matches}), as are user conditions that
 * are not constant; the variants are then tried in order of score at run time.
 */
final class OmpContext {
    private OmpContext() {}

    /** The constructs of the construct trait set (others enclosing a point are not part of it). */
    private static final Set<Leaf> CONSTRUCTS =
            Set.of(Leaf.TARGET, Leaf.TEAMS, Leaf.PARALLEL, Leaf.FOR, Leaf.SIMD, Leaf.DISPATCH);

    /** Whether a selector matches here: an IntConst 1 or 0 when known now, else an i32 computed at run time. */
    static Value matches(FunctionLowering f, OmpClause.Selector sel) {
        if (sel == null) return IntConst.i32(1);
        Value result = IntConst.i32(1);
        boolean onDevice = mayRunOnDevice(f);
        for (OmpClause.TraitSet set : sel.sets()) {
            for (OmpClause.Trait t : set.traits()) {
                Value v = switch (set.name()) {
                    case "construct" -> IntConst.i32(0); // the whole set is matched below, in order
                    case "implementation" -> IntConst.i32(implementation(t) ? 1 : 0);
                    case "user" -> condition(f, t.expr());
                    case "target_device" -> onDevice ? device(f, t, true) : targetDevice(f, set, t);
                    default -> device(f, t, onDevice);
                };
                if (set.name().equals("construct")) continue;
                result = and(f, result, v);
            }
            if (set.name().equals("construct")) result = and(f, result, IntConst.i32(constructs(f, set) ? 1 : 0));
        }
        return result;
    }

    /**
     * A selector's score here (OpenMP 5.2 §7.2): explicit scores, and for each construct trait
     * 2^(p-1), p its position among the constructs enclosing the point (so the selector naming
     * more, and more deeply nested, constructs wins).
     */
    static long score(FunctionLowering f, OmpClause.Selector sel) {
        if (sel == null) return Long.MIN_VALUE;
        long s = 0;
        List<Leaf> ctx = new ArrayList<>();
        for (Leaf l : f.unit.ompConstructs) if (CONSTRUCTS.contains(l)) ctx.add(l);
        for (OmpClause.TraitSet set : sel.sets()) {
            int at = 0;
            for (OmpClause.Trait t : set.traits()) {
                Long v = t.score() == null ? null : ConstEval.integer(t.score());
                if (v != null) {
                    s += v;
                    continue;
                }
                if (!set.name().equals("construct")) continue;
                while (at < ctx.size() && !ctx.get(at).name().equalsIgnoreCase(t.name())) at++;
                if (at < ctx.size()) s += 1L << Math.min(at++, 62);
            }
        }
        return s;
    }

    /** The listed constructs enclose the point, in this order (not necessarily adjacent). */
    private static boolean constructs(FunctionLowering f, OmpClause.TraitSet set) {
        List<Leaf> ctx = new ArrayList<>();
        for (Leaf l : f.unit.ompConstructs) if (CONSTRUCTS.contains(l)) ctx.add(l);
        int at = 0;
        for (OmpClause.Trait t : set.traits()) {
            Leaf want = switch (t.name()) {
                case "target" -> Leaf.TARGET;
                case "teams" -> Leaf.TEAMS;
                case "parallel" -> Leaf.PARALLEL;
                case "for" -> Leaf.FOR;
                case "simd" -> Leaf.SIMD;
                case "dispatch" -> Leaf.DISPATCH; // the call of a dispatch construct (InteropLowering)
                default -> null;
            };
            if (want == null) return false;
            while (at < ctx.size() && ctx.get(at) != want) at++;
            if (at == ctx.size()) return false;
            at++;
        }
        return true;
    }

    /** implementation={vendor(llvm)}: jomp presents itself as clang does (decisions of the project); extension(...) only the matching modifiers. */
    private static boolean implementation(OmpClause.Trait t) {
        return switch (t.name()) {
            case "vendor" -> t.words().stream().allMatch(w -> w.equals("llvm"));
            case "extension" ->
                t.words().stream()
                        .allMatch(w -> Set.of(
                                        "match_all",
                                        "match_any",
                                        "match_none",
                                        "disable_implicit_base",
                                        "allow_templates",
                                        "bind_to_declaration")
                                .contains(w));
            default -> false; // requires(...), unknown traits
        };
    }

    private static Value condition(FunctionLowering f, Expr e) {
        if (e == null) return IntConst.i32(0);
        Long v = ConstEval.integer(e);
        if (v != null) return IntConst.i32(v != 0 ? 1 : 0);
        return f.truth(e);
    }

    /**
     * device / target_device traits: in host-only code the host's ({@link ContextTraits#HOST}: kind
     * host, cpu or any; arch x86_64, jomp's ABI), else asked of the runtime of whatever device runs the code.
     */
    private static Value device(FunctionLowering f, OmpClause.Trait t, boolean onDevice) {
        if (t.name().equals("device_num")) return IntConst.i32(1);
        if (!onDevice) {
            boolean all = t.words().stream().allMatch(w -> ContextTraits.HOST.has(t.name(), w));
            return IntConst.i32(all ? 1 : 0);
        }
        StringBuilder sb = new StringBuilder(t.name()).append('=');
        for (int i = 0; i < t.words().size(); i++)
            sb.append(i == 0 ? "" : ",").append(t.words().get(i));
        return f.e.cmp(
                Insn.CmpOp.NE,
                f.omp.call(EntryPoints.DEVICE_MATCHES, IrType.I32, f.omp.cString(sb.toString())),
                IntConst.i32(0));
    }

    /**
     * target_device traits in host code (OpenMP 5.1): those of the device a target construct here
     * would use, the set's device_num or else the default device, asked of the runtime.
     */
    private static Value targetDevice(FunctionLowering f, OmpClause.TraitSet set, OmpClause.Trait t) {
        if (t.name().equals("device_num")) return IntConst.i32(1);
        Value dev = IntConst.i32(TARGET_DEVICE_DEFAULT);
        for (OmpClause.Trait n : set.traits())
            if (n.name().equals("device_num") && n.expr() != null) dev = f.omp.i32(n.expr());
        StringBuilder sb = new StringBuilder(t.name()).append('=');
        for (int i = 0; i < t.words().size(); i++)
            sb.append(i == 0 ? "" : ",").append(t.words().get(i));
        return f.e.cmp(
                Insn.CmpOp.NE,
                f.omp.call(EntryPoints.TARGET_DEVICE_MATCHES, IrType.I32, dev, f.omp.cString(sb.toString())),
                IntConst.i32(0));
    }

    /** The device number __jomp_target_device_matches reads as "the default device". */
    private static final int TARGET_DEVICE_DEFAULT = -100;

    /** Code of a target region or a declare target function may run on a device. */
    private static boolean mayRunOnDevice(FunctionLowering f) {
        return f.unit.ompConstructs.contains(Leaf.TARGET) || f.unit.isDeclareTarget(f.def.var());
    }

    private static Value and(FunctionLowering f, Value a, Value b) {
        if (a instanceof IntConst x) return x.value() == 0 ? a : b;
        if (b instanceof IntConst y) return y.value() == 0 ? b : a;
        return f.e.bin(Insn.BinOp.AND, a, b);
    }

    // ---- metadirective ------------------------------------------------------------------------

    /**
     * metadirective: the when clauses by decreasing score (then as written), then otherwise
     * (default): the first that matches is the directive, lowered with the metadirective's
     * statement. Variants known not to match are dropped; one known to match ends the list.
     */
    static void metadirective(OmpLowering omp, Stmt.Omp o) {
        FunctionLowering f = omp.function();
        List<OmpClause.When> whens = new ArrayList<>(o.directive().clauses(OmpClause.When.class));
        OmpClause.When otherwise = null;
        for (OmpClause.When w : whens) if (w.selector() == null) otherwise = w;
        whens.removeIf(w -> w.selector() == null);
        whens.sort(Comparator.comparingLong((OmpClause.When w) -> score(f, w.selector()))
                .reversed());
        List<Value> conds = new ArrayList<>();
        List<OmpDirective> variants = new ArrayList<>();
        for (OmpClause.When w : whens) {
            Value c = matches(f, w.selector());
            if (c instanceof IntConst k && k.value() == 0) continue;
            conds.add(c);
            variants.add(w.variant());
            if (c instanceof IntConst) break;
        }
        if (conds.isEmpty() || !(conds.get(conds.size() - 1) instanceof IntConst)) {
            conds.add(IntConst.i32(1));
            variants.add(otherwise == null ? null : otherwise.variant());
        }
        BasicBlock end = f.b.newBlock("omp.meta.end");
        for (int k = 0; k < conds.size(); k++) {
            Value c = conds.get(k);
            OmpDirective v = variants.get(k);
            if (c instanceof IntConst) {
                lowerVariant(omp, v, o);
                break;
            }
            BasicBlock then = f.b.newBlock("omp.meta.when"), next = f.b.newBlock("omp.meta.next");
            f.b.condBr(c, then, next);
            f.b.setBlock(then);
            lowerVariant(omp, v, o);
            if (!f.b.isTerminated()) f.b.br(end);
            f.b.setBlock(next);
        }
        if (!f.b.isTerminated()) f.b.br(end);
        f.b.setBlock(end);
    }

    private static void lowerVariant(OmpLowering omp, OmpDirective v, Stmt.Omp o) {
        FunctionLowering f = omp.function();
        if (v == null) {
            if (o.body() != null) f.stmt(o.body());
            return;
        }
        omp.lower(new Stmt.Omp(v, v.isStandalone() ? null : o.body(), o.loc()));
    }

    // ---- declare variant -----------------------------------------------------------------------

    /**
     * The function a call to {@code base} calls here: a variant whose selector matches (the
     * highest score first), else base. {@code null} when the choice is made at run time; then
     * {@link #pointer} gives the function's address.
     */
    static Var variantFor(FunctionLowering f, Var base) {
        List<OmpClause.DeclaredVariant> vs = sorted(f, base);
        for (OmpClause.DeclaredVariant v : vs) {
            Value c = matches(f, v.selector());
            if (c instanceof IntConst k) {
                if (k.value() != 0) return v.function();
                continue;
            }
            return null;
        }
        return base;
    }

    /** The address of the function to call, chosen at run time among base's variants. */
    static Value pointer(FunctionLowering f, Var base) {
        Reg r = f.fn.newReg(IrType.PTR, "omp.variant");
        BasicBlock end = f.b.newBlock("omp.variant.end");
        for (OmpClause.DeclaredVariant v : sorted(f, base)) {
            Value c = matches(f, v.selector());
            if (c instanceof IntConst k && k.value() == 0) continue;
            if (c instanceof IntConst) {
                f.b.copy(r, f.funcAddr(v.function()));
                f.b.br(end);
                f.b.setBlock(f.b.newBlock("omp.variant.dead"));
                break;
            }
            BasicBlock then = f.b.newBlock("omp.variant.then"), next = f.b.newBlock("omp.variant.next");
            f.b.condBr(c, then, next);
            f.b.setBlock(then);
            f.b.copy(r, f.funcAddr(v.function()));
            f.b.br(end);
            f.b.setBlock(next);
        }
        f.b.copy(r, f.funcAddr(base));
        f.b.br(end);
        f.b.setBlock(end);
        return r;
    }

    static List<OmpClause.DeclaredVariant> sorted(FunctionLowering f, Var base) {
        List<OmpClause.DeclaredVariant> vs = new ArrayList<>(base.ompVariants);
        vs.sort(Comparator.comparingLong((OmpClause.DeclaredVariant v) -> score(f, v.selector()))
                .reversed());
        return vs;
    }
}
