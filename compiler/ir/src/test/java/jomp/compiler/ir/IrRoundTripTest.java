package jomp.compiler.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import org.junit.jupiter.api.Test;

class IrRoundTripTest {

    /** A module that uses every instruction, terminator and declaration form. */
    static Module sample() {
        Module m = new Module("t\u00e9st \"x\".c");
        m.externFunctions.put("printf", new FuncType(IrType.I32, List.of(IrType.PTR), true));
        m.externData.add("environ");
        m.offloadEntries.add(new OffloadEntry("__omp_offloading_10_2a_main_l5", 0, 0));
        Global str = new Global("str$0", 4, 1, true, true, new byte[] {'h', '"', '\n', 0});
        m.globals.add(str);
        Global p = new Global("p", 16, 8, false, false, null);
        p.relocs.add(new Global.Reloc(0, "str$0", 0));
        p.relocs.add(new Global.Reloc(8, "x", -4));
        m.globals.add(p);
        m.globals.add(new Global("x", 400, 16, false, false, null));

        Function f = new Function("main", new FuncType(IrType.I32, List.of(IrType.I32, IrType.PTR), false), false);
        Reg argc = f.newReg(IrType.I32, "argc");
        f.params.add(argc);
        f.params.add(f.newReg(IrType.PTR, "argv"));
        Slot s = f.newSlot("a", 40, 4);
        IrBuilder b = new IrBuilder(f);
        Reg i = f.newReg(IrType.I32, "i");
        b.copy(i, IntConst.i32(0));
        BasicBlock loop = b.newBlock("loop"), body = b.newBlock("body"), done = b.newBlock("done");
        b.br(loop);
        b.setBlock(loop);
        Reg c = b.cmp(Insn.CmpOp.LT, i, argc);
        b.condBr(c, body, done);
        b.setBlock(body);
        Reg a = b.slotAddr(s);
        Reg w = b.convert(Insn.ConvOp.SEXT, i, IrType.I64);
        Reg off = b.binary(Insn.BinOp.MUL, w, IntConst.i64(4));
        Reg pa = b.convert(Insn.ConvOp.BITCAST, a, IrType.I64);
        Reg sum = b.binary(Insn.BinOp.ADD, pa, off);
        Reg addr = b.convert(Insn.ConvOp.BITCAST, sum, IrType.PTR);
        addr = b.ptrAdd(addr, off);
        b.store(i, addr);
        b.store(new IntConst(IrType.I8, -1), addr);
        Reg l = b.load(IrType.I16, addr);
        Reg z = b.convert(Insn.ConvOp.ZEXT, l, IrType.I32);
        Reg n = b.unary(Insn.UnOp.NOT, z);
        for (Insn.UnOp op : List.of(Insn.UnOp.CTZ, Insn.UnOp.CLZ, Insn.UnOp.POPCOUNT, Insn.UnOp.BSWAP)) {
            b.unary(op, n);
            b.unary(op, w);
        }
        Reg d = b.convert(Insn.ConvOp.SITOFP, n, IrType.F64);
        Reg e = b.binary(Insn.BinOp.DIV, d, new FloatConst(IrType.F64, 0.1));
        b.binary(Insn.BinOp.ADD, e, new FloatConst(IrType.F64, Double.NaN));
        b.binary(Insn.BinOp.ADD, e, new FloatConst(IrType.F64, -1e-300));
        b.convert(Insn.ConvOp.FPTRUNC, e, IrType.F32);
        b.cmp(Insn.CmpOp.UGE, new FloatConst(IrType.F32, Float.POSITIVE_INFINITY), new FloatConst(IrType.F32, 1.5f));
        Reg g = b.globalAddr("str$0");
        Reg mark = b.stackSave();
        Reg va = b.alloca(IntConst.i64(16), 16);
        b.store(IntConst.i64(Long.MIN_VALUE), va);
        b.call("printf", m.externFunctions.get("printf"), List.of(g, va));
        Reg fp = b.funcAddr("main");
        b.callIndirect(fp, f.type, List.of(IntConst.i32(0), g));
        b.memcpy(a, g, IntConst.i64(4));
        b.memset(a, IntConst.i32(0), IntConst.i64(40));
        b.stackRestore(mark);
        Reg i2 = b.binary(Insn.BinOp.ADD, i, IntConst.i32(1));
        b.copy(i, i2);
        b.br(loop);
        b.setBlock(done);
        BasicBlock one = b.newBlock("one");
        b.switchTo(argc, one, List.of(1L, -7L), List.of(one, loop));
        b.setBlock(one);
        b.ret(IntConst.i32(0));
        m.functions.add(f);

        Function v = new Function("sum", new FuncType(IrType.VOID, List.of(), true), true);
        v.vaArea = v.newReg(IrType.PTR, "va");
        IrBuilder vb = new IrBuilder(v);
        vb.ret(null);
        m.functions.add(v);
        return m;
    }

    static Module parse(String text, ByteArrayOutputStream err) {
        return IrParser.parse(new SourceFile("in.jir", text), new Diagnostics(new PrintStream(err, true)));
    }

    @Test
    void printParsePrintIsIdentical() {
        String text = IrPrinter.print(sample());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module back = parse(text, err);
        assertThat(err.toString()).isEmpty();
        assertThat(back).isNotNull();
        assertThat(IrPrinter.print(back)).isEqualTo(text);
        assertThat(text)
                .contains("global static readonly @str$0 size 4 align 1 data \"h\\22\\0a\\00\"")
                .contains("reloc 8 @x + -4")
                .contains("%10 = add ptr %9, %6")
                .contains("%i.2 = copy i32 0")
                .contains("call i32 (ptr, ...) @printf(ptr ")
                .contains("switch i32 %argc.0, default one.")
                .containsPattern("(%\\d+) = stacksave\n[\\s\\S]*stackrestore \\1\n")
                .contains("func static void @sum(...%va.0)");
    }

    @Test
    void sourceLinesRoundTrip() {
        Module m = sample();
        m.debugFile = "t.c";
        Function f = m.function("main");
        int line = 10;
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) f.setLine(i, line++ / 3); // runs of equal lines, and a change inside a block
            f.setLine(b.terminator, 40);
        }
        String text = IrPrinter.print(m);
        assertThat(text)
                .startsWith("; jomp IR\nmodule \"t\\c3\\a9st \\22x\\22.c\" debug \"t.c\"\n")
                .contains("  line 3\n  %i.2 = copy i32 0\n")
                .contains("  line 40\n  br loop.");
        Module back = parse(text, new ByteArrayOutputStream());
        assertThat(back.debugFile).isEqualTo("t.c");
        assertThat(IrPrinter.print(back)).isEqualTo(text);
        Function g = back.function("main");
        for (int k = 0; k < f.blocks.size(); k++) {
            BasicBlock a = f.blocks.get(k), b = g.blocks.get(k);
            for (int j = 0; j < a.insns.size(); j++)
                assertThat(g.line(b.insns.get(j))).isEqualTo(f.line(a.insns.get(j)));
            assertThat(g.line(b.terminator)).isEqualTo(40);
        }
        // without -g nothing of this is printed
        assertThat(IrPrinter.print(sample())).doesNotContain(" debug ").doesNotContain("line ");
    }

    @Test
    void parsedModuleKeepsStructure() {
        Module back = parse(IrPrinter.print(sample()), new ByteArrayOutputStream());
        Function f = back.function("main");
        assertThat(f.params).hasSize(2);
        assertThat(f.params.get(1).type()).isEqualTo(IrType.PTR);
        assertThat(f.slots.get(0).size).isEqualTo(40);
        assertThat(f.entry().name).isEqualTo("entry.0");
        assertThat(f.entry().terminator).isInstanceOf(Terminator.Br.class);
        assertThat(back.global("p").relocs)
                .containsExactly(new Global.Reloc(0, "str$0", 0), new Global.Reloc(8, "x", -4));
        assertThat(back.externFunctions.get("printf").descriptor()).isEqualTo("(JJ)I");
        assertThat(back.sourceName).isEqualTo("t\u00e9st \"x\".c");
        // registers made after parsing do not collide with parsed ones
        assertThat(f.newReg(IrType.I32).id).isEqualTo(f.regCount() - 1).isGreaterThan(f.params.get(1).id);
    }

    @Test
    void weakDefinitionsRoundTrip() {
        String text =
                "module \"w.c\"\n\nglobal weak @level size 4 align 4 zero\n\nfunc weak void @hook() {\nentry.0:\n  ret void\n}\n";
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module m = parse(text, err);
        assertThat(err.toString()).isEmpty();
        assertThat(m.function("hook").weak).isTrue();
        assertThat(m.global("level").weak).isTrue();
        assertThat(IrPrinter.print(m)).contains("global weak @level size 4 align 4 zero", "func weak void @hook()");
    }

    private static String error(String text) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(parse(text, err)).isNull();
        return err.toString().lines().findFirst().orElse("");
    }

    @Test
    void errorsNameFileLineAndColumn() {
        assertThat(error("module \"a\"\nfunc i32 @f() {\nentry:\n  ret i64 0\n}\n"))
                .isEqualTo("in.jir:4:7: error: returning i64 from a function returning i32");
        assertThat(error("module \"a\"\nfunc i32 @f() {\nentry:\n  %1 = frob i32 0\n}\n"))
                .isEqualTo("in.jir:4:8: error: unknown instruction 'frob'");
        assertThat(error("module \"a\"\nfunc void @f() {\nentry:\n  br nowhere\n}\n"))
                .isEqualTo("in.jir:4:6: error: use of undefined block 'nowhere'");
        assertThat(
                        error(
                                "module \"a\"\nfunc void @f() {\nentry:\n  %1 = copy i32 1\n  %1 = copy i64 1\n  ret void\n}\n"))
                .isEqualTo("in.jir:5:3: error: register '%1' has type i32 elsewhere, i64 here");
        assertThat(error("module \"a\"\nglobal @g size 2 align 1 data \"a\"\n"))
                .isEqualTo("in.jir:2:31: error: global '@g' has 1 data bytes but size 2");
        assertThat(error("module \"a\"\nfunc void @f() {\nentry:\n  %1 = copy i8 300\n  ret void\n}\n"))
                .isEqualTo("in.jir:4:16: error: constant 300 does not fit in i8");
        assertThat(error("module \"a\"\nfunc void @f() {\nentry:\n  %1 = copy i8 1\n}\n"))
                .isEqualTo("in.jir:5:1: error: block 'entry' has no terminator");
        assertThat(error("module \"a\"\nfunc void @f(ptr %p.0) {\nentry:\n  %1 = mul ptr %p.0, 2\n  ret void\n}\n"))
                .isEqualTo("in.jir:4:8: error: 'mul' does not take pointers (only add and sub with an i64 offset)");
        assertThat(error("bogus")).isEqualTo("in.jir:1:1: error: expected 'module'");
        assertThat(error("module \"a\"\nfunc void @f() {\nentry:\n  call void () @g()\n  ret void\n}\n"))
                .isEqualTo("jomp: error: in.jir: invalid IR: @f, entry: call to unknown function @g");
    }

    /** Damaged input gives a diagnostic, never an exception. */
    @Test
    void truncatedOrCorruptedTextGivesErrorsNotExceptions() {
        String text = IrPrinter.print(sample());
        for (int n = 0; n < text.length(); n += 3) {
            String cut = text.substring(0, n);
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Module m = parse(cut, err);
            if (m == null) assertThat(err.toString()).contains("in.jir").contains("error: ");
            String bad = text.substring(0, n) + "#" + text.substring(n + 1);
            err.reset();
            m = parse(bad, err);
            if (m == null) assertThat(err.toString()).contains(": error: ");
        }
    }
}
