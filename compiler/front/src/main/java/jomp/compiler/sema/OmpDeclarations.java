package jomp.compiler.sema;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;

/**
 * The unit's OpenMP declarative directives, gathered in one scan of the file scope before
 * lowering (the pass {@code omp-declarations}): which functions and globals are declare target
 * (the list form, also at block scope, begin/end and the bare directive around declarations),
 * with device_type, link and indirect; the requires clauses; the declare mappers. Then the
 * device_type calls are checked ({@link DeviceTypeCheck}, clang's Sema errors). Lowering reads
 * the result: which functions go to the device, the offload entries of globals and indirect
 * functions, the requires record, each struct's default mapper.
 */
public final class OmpDeclarations {
    /** Declare-target functions and globals, with their entry flags (0 to/enter, 1 link), in source order. */
    public final Map<Var, Integer> declareTarget = new LinkedHashMap<>(); // Var compares by identity
    /** Functions device_type(nohost) / device_type(host) marks, with where the directive names them. */
    public final Map<Var, SourceLocation> nohost = new IdentityHashMap<>(), hostOnly = new IdentityHashMap<>();
    /** Functions declare target indirect marks (their addresses may be called on a device), in source order. */
    public final Set<Var> indirect = new LinkedHashSet<>();
    /** The clauses of the unit's requires directives (unified_shared_memory, reverse_offload, ...). */
    public final Set<String> requires = new LinkedHashSet<>();
    /** The unit's declare mappers, in source order. */
    public final List<OmpClause.UserMapper> mappers = new ArrayList<>();

    private OmpDeclarations() {}

    /** A unit without OpenMP declarations. */
    public static OmpDeclarations none() {
        return new OmpDeclarations();
    }

    /** Scans the unit's file scope; the device_type errors go to diags. */
    public static OmpDeclarations scan(TranslationUnit tu, Diagnostics diags) {
        OmpDeclarations d = new OmpDeclarations();
        d.find(tu);
        DeviceTypeCheck.check(tu, d.nohost, d.hostOnly, d.declareTarget, diags);
        return d;
    }

    /** Whether the file-scope items parsed so far make v declare target (a construct's check, before the unit is whole). */
    public static boolean declaredTarget(List<TranslationUnit.TopLevel> items, Var v) {
        OmpDeclarations d = new OmpDeclarations();
        d.find(new TranslationUnit(items, List.of()));
        return d.declareTarget.containsKey(v);
    }

    public boolean isDeclareTarget(Var v) {
        return declareTarget.containsKey(v);
    }

    private void find(TranslationUnit tu) {
        ArrayDeque<String[]> open = new ArrayDeque<>(); // begin declare target's {device_type, indirect}
        for (TranslationUnit.TopLevel t : tu.items()) {
            switch (t) {
                case TranslationUnit.OmpDecl o -> {
                    OmpDirective d = o.directive();
                    OmpDirective.Leaf l = d.leaves().get(0);
                    String deviceType = "any";
                    boolean ind = false;
                    for (OmpClause c : d.clauses()) {
                        if (c instanceof OmpClause.DeviceType dt) deviceType = dt.kind();
                        if (c instanceof OmpClause.Indirect in) ind = in.on();
                        if (c instanceof OmpClause.Flag fl && fl.kind() == OmpClause.FlagKind.INDIRECT)
                            ind = true; // begin declare target's
                        if (c instanceof OmpClause.Requires r) requires.addAll(r.clauses());
                    }
                    boolean lists = false;
                    for (OmpClause c : d.clauses()) {
                        if (c instanceof OmpClause.DeclareMapper dm) mappers.add(dm.mapper());
                        if (c instanceof OmpClause.ListClause lc) {
                            int flags = lc.kind() == OmpClause.ListKind.LINK ? 1 : 0;
                            if (lc.kind() == OmpClause.ListKind.TO
                                    || lc.kind() == OmpClause.ListKind.ENTER
                                    || lc.kind() == OmpClause.ListKind.LINK) {
                                lists = true;
                                for (var it : lc.items())
                                    if (it.var() != null) mark(it.var(), flags, deviceType, ind, it.loc());
                            }
                        }
                    }
                    if (l == OmpDirective.Leaf.BEGIN_DECLARE_TARGET || l == OmpDirective.Leaf.DECLARE_TARGET && !lists)
                        open.push(new String[] {deviceType, ind ? "1" : ""});
                    else if (l == OmpDirective.Leaf.END_DECLARE_TARGET && !open.isEmpty()) open.pop();
                }
                case TranslationUnit.Function f -> {
                    if (!open.isEmpty()) markOnce(f.var(), open.peek(), f.loc());
                }
                case TranslationUnit.Global g -> {
                    if (!open.isEmpty()) markOnce(g.var(), open.peek(), g.loc());
                }
                case TranslationUnit.Symver s -> {}
            }
        }
    }

    private void markOnce(Var v, String[] ctx, SourceLocation loc) {
        if (!declareTarget.containsKey(v) && !hostOnly.containsKey(v)) mark(v, 0, ctx[0], !ctx[1].isEmpty(), loc);
    }

    /** Marks v declare target (link: flags 1) for the devices device_type says. */
    private void mark(Var v, int flags, String deviceType, boolean ind, SourceLocation loc) {
        if (deviceType.equals("host")) { // the host's only: no device copy
            if (v.isFunction()) hostOnly.put(v, loc);
            declareTarget.remove(v);
            return;
        }
        if (deviceType.equals("nohost") && v.isFunction()) nohost.put(v, loc);
        declareTarget.put(v, flags);
        if (ind && v.isFunction()) indirect.add(v);
    }

    /** The variable a callee expression names directly (after casts, decay and &), or null. */
    public static Var namedFunction(Expr e) {
        while (true) {
            if (e instanceof Expr.Cast c) e = c.operand();
            else if (e instanceof Expr.Decay d) e = d.operand();
            else if (e instanceof Expr.Unary u && u.op() == Expr.Unary.Op.ADDR) e = u.operand();
            else break;
        }
        return e instanceof Expr.VarRef r ? r.var() : null;
    }
}
