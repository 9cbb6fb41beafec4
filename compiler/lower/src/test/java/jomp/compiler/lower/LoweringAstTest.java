package jomp.compiler.lower;

import static jomp.compiler.lower.Ast.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import jomp.compiler.opt.PassManager;
import jomp.compiler.type.Type;
import org.junit.jupiter.api.Test;

/** Lowering of hand-built ASTs, run through the test interpreter at -O0 and -O2. */
class LoweringAstTest {
    static IrInterpreter.Result run(Ast a) {
        Diagnostics diags = new Diagnostics(new PrintStream(System.err));
        Module m = Lowering.lower(a.unit(), diags);
        assertThat(diags.errorCount()).isZero();
        PassManager.run(m, 0);
        assertThat(IrVerifier.verify(m)).isEmpty();
        String text = IrPrinter.print(m);
        Module back = IrParser.parse(new SourceFile("t.jir", text), diags);
        assertThat(IrPrinter.print(back)).isEqualTo(text);
        IrInterpreter.Result r0 = IrInterpreter.run(m);
        PassManager.run(back, 2);
        assertThat(IrVerifier.verify(back)).isEmpty();
        IrInterpreter.Result r2 = IrInterpreter.run(back);
        assertThat(r2).isEqualTo(r0);
        return r0;
    }

    @Test
    void loopWithRegisterLocalsAndPrintf() {
        Ast a = new Ast();
        Var printf = a.global("printf", PRINTF);
        Var main = a.global("main", Type.func(Type.INT, List.of(), false, false));
        Var s = a.local("s", Type.INT), i = a.local("i", Type.INT);
        Stmt loop = new Stmt.For(
                decl(i, i(0)),
                bin(Expr.Binary.Op.LT, ref(i), i(10), Type.INT),
                new Expr.IncDec(ref(i), false, true, 1, Type.INT, L),
                expr(new Expr.CompoundAssign(Expr.Binary.Op.ADD, ref(s), ref(i), Type.INT, Type.INT, L)),
                L);
        a.function(
                main,
                List.of(),
                decl(s, i(0)),
                loop,
                expr(call(
                        printf,
                        decay(str("%d %.3f\n")),
                        ref(s),
                        cast(bin(Expr.Binary.Op.DIV, cast(ref(s), Type.DOUBLE), d(7), Type.DOUBLE), Type.DOUBLE))),
                ret(bin(Expr.Binary.Op.SUB, ref(s), i(40), Type.INT)));
        IrInterpreter.Result r = run(a);
        assertThat(r.stdout()).isEqualTo("45 6.429\n");
        assertThat(r.exitCode()).isEqualTo(5);
        // s and i never have their address taken: no frame slots but the variadic area
        String ir = IrPrinter.print(Lowering.lower(a.unit(), new Diagnostics(System.err)));
        assertThat(ir).contains("%s.").contains("%i.").doesNotContain("slot $s").doesNotContain("slot $i");
    }

    @Test
    void addressTakenLocalLivesInMemoryAndUnsignedCharWraps() {
        Ast a = new Ast();
        Var main = a.global("main", Type.func(Type.INT, List.of(), false, false));
        Var x = a.local("x", Type.UCHAR), p = a.local("p", Type.pointerTo(Type.UCHAR));
        a.function(
                main,
                List.of(),
                decl(x, cast(i(250), Type.UCHAR)),
                decl(p, addr(ref(x))),
                // *p = *p + 10  (wraps to 4)
                expr(assign(
                        deref(ref(p)),
                        cast(bin(Expr.Binary.Op.ADD, cast(deref(ref(p)), Type.INT), i(10), Type.INT), Type.UCHAR))),
                ret(cast(ref(x), Type.INT)));
        assertThat(run(a).exitCode()).isEqualTo(4);
        String ir = IrPrinter.print(Lowering.lower(a.unit(), new Diagnostics(System.err)));
        assertThat(ir).contains("slot $x.0 size 1 align 1").contains("store i8");
    }

    @Test
    void globalInitializersWithRelocations() {
        Ast a = new Ast();
        Var arr = a.global("arr", Type.arrayOf(Type.INT, 3));
        Var p = a.global("p", Type.pointerTo(Type.INT));
        Var main = a.global("main", Type.func(Type.INT, List.of(), false, false));
        a.items.add(new jomp.compiler.ast.TranslationUnit.Global(
                arr,
                new Initializer(
                        arr.type,
                        List.of(
                                new Initializer.Item(0, Type.INT, i(7), null),
                                new Initializer.Item(8, Type.INT, i(-2), null))),
                L));
        // int *p = &arr[2]  ==  arr + 8 bytes
        a.items.add(new jomp.compiler.ast.TranslationUnit.Global(
                p,
                new Initializer(
                        p.type,
                        List.of(new Initializer.Item(
                                0, p.type, bin(Expr.Binary.Op.ADD, decay(ref(arr)), l(8), p.type), null))),
                L));
        a.function(main, List.of(), ret(bin(Expr.Binary.Op.ADD, deref(ref(p)), i(10), Type.INT)));
        Module m = Lowering.lower(a.unit(), new Diagnostics(System.err));
        String ir = IrPrinter.print(m);
        assertThat(ir)
                .contains("global @arr size 12 align 4 data \"\\07\\00\\00\\00\\00\\00\\00\\00\\fe\\ff\\ff\\ff\"")
                .contains("global @p size 8 align 8 zero reloc 0 @arr + 8");
        assertThat(run(a).exitCode()).isEqualTo(8);
    }

    /** struct P { int x; long y; }: built like the parser lays it out. */
    static Type structP() {
        Type t = Type.newTag(Type.Kind.STRUCT, "P");
        var r = t.record;
        r.members = List.of(
                new jomp.compiler.type.Member("x", Type.INT, 0, -1, 0, 0, L),
                new jomp.compiler.type.Member("y", Type.LONG, 8, -1, 0, 1, L));
        r.size = 16;
        r.align = 8;
        r.complete = true;
        return t;
    }

    static Expr member(Expr base, Type st, int i) {
        var m = st.record.members.get(i);
        return new Expr.Member(base, m, m.type(), L);
    }

    @Test
    void structsPassedAndReturnedByValueUseCopiesAndHiddenPointer() {
        Ast a = new Ast();
        Type p = structP();
        // struct P bump(struct P q) { q.x += 1; return q; }
        Var bump = a.global("bump", Type.func(p, List.of(p), false, false));
        Var q = a.param("q", p, 0);
        a.function(
                bump,
                List.of(q),
                expr(new Expr.CompoundAssign(Expr.Binary.Op.ADD, member(ref(q), p, 0), i(1), Type.INT, Type.INT, L)),
                ret(ref(q)));
        // int main() { struct P s; s.x = 1; s.y = 2; struct P t = bump(s); return s.x * 10 + t.x + t.y; }
        Var main = a.global("main", Type.func(Type.INT, List.of(), false, false));
        Var s = a.local("s", p), t = a.local("t", p);
        a.function(
                main,
                List.of(),
                decl(s, null),
                expr(assign(member(ref(s), p, 0), i(1))),
                expr(assign(member(ref(s), p, 1), l(2))),
                decl(t, call(bump, ref(s))),
                ret(cast(
                        bin(
                                Expr.Binary.Op.ADD,
                                cast(
                                        bin(
                                                Expr.Binary.Op.ADD,
                                                bin(Expr.Binary.Op.MUL, member(ref(s), p, 0), i(10), Type.INT),
                                                member(ref(t), p, 0),
                                                Type.INT),
                                        Type.LONG),
                                member(ref(t), p, 1),
                                Type.LONG),
                        Type.INT)));
        assertThat(run(a).exitCode()).isEqualTo(14); // s unchanged (the callee got a copy): 10 + 2 + 2
        String ir = IrPrinter.print(Lowering.lower(a.unit(), new Diagnostics(System.err)));
        assertThat(ir).contains("func ptr @bump(ptr %ret.0, ptr %q.1)").contains("call ptr (ptr, ptr) @bump(");
    }

    @Test
    void variadicCalleeReadsSlotsWithVaArg() {
        Ast a = new Ast();
        Type vaList = Type.pointerTo(Type.VOID);
        // long sum(int n, ...) { va_list ap; va_start(ap, n); long s = 0; while (n--) s += va_arg(ap, long) ; return s;
        // }
        Var sum = a.global("sum", Type.func(Type.LONG, List.of(Type.INT), true, false));
        Var n = a.param("n", Type.INT, 0);
        Var ap = a.local("ap", vaList), s = a.local("s", Type.LONG);
        a.function(
                sum,
                List.of(n),
                decl(ap, null),
                expr(new Expr.VaOp(Expr.VaOp.Kind.START, List.of(ref(ap), ref(n)), Type.VOID, L)),
                decl(s, l(0)),
                new Stmt.While(
                        new Expr.IncDec(ref(n), false, false, 1, Type.INT, L),
                        expr(new Expr.CompoundAssign(
                                Expr.Binary.Op.ADD,
                                ref(s),
                                new Expr.VaArg(ref(ap), Type.LONG, L),
                                Type.LONG,
                                Type.LONG,
                                L)),
                        L),
                expr(new Expr.VaOp(Expr.VaOp.Kind.END, List.of(ref(ap)), Type.VOID, L)),
                ret(ref(s)));
        Var main = a.global("main", Type.func(Type.INT, List.of(), false, false));
        a.function(main, List.of(), ret(cast(call(sum, i(3), l(100), cast(i(-30), Type.LONG), l(7)), Type.INT)));
        assertThat(run(a).exitCode()).isEqualTo(77);
        String ir = IrPrinter.print(Lowering.lower(a.unit(), new Diagnostics(System.err)));
        assertThat(ir)
                .contains("func i64 @sum(i32 %n.0, ...%va.1)")
                .contains("slot $va.0 size 24 align 8")
                .contains("call i64 (i32, ...) @sum(i32 3, ptr ");
    }
}
