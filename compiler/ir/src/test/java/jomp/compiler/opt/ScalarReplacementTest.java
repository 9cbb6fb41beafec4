package jomp.compiler.opt;

import static jomp.compiler.opt.InlinerTest.fn;
import static jomp.compiler.opt.InlinerTest.optimised;
import static jomp.compiler.opt.PassesTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/** Scalar replacement of aggregates and slot promotion, each program run by the IR interpreter before and after. */
class ScalarReplacementTest {
    private static long memoryOps(Function f) {
        return f.blocks.stream()
                .flatMap(b -> b.insns.stream())
                .filter(i -> i instanceof Insn.Load
                        || i instanceof Insn.Store
                        || i instanceof Insn.MemCopy
                        || i instanceof Insn.MemSet)
                .count();
    }

    /** typedef struct { double r, i; } C; C mul(C a, C b), called in a loop, as the lowering writes it. */
    private static final String COMPLEX = """
        func ptr @mul(ptr %ret.0, ptr %a.1, ptr %b.2) {
          slot $c.0 size 16 align 8
        entry.0:
          %3 = slotaddr $c.0
          %4 = load f64 %a.1
          %5 = load f64 %b.2
          %6 = mul f64 %4, %5
          %7 = add ptr %a.1, 8
          %8 = load f64 %7
          %9 = add ptr %b.2, 8
          %10 = load f64 %9
          %11 = mul f64 %8, %10
          %12 = sub f64 %6, %11
          store f64 %12, %3
          %14 = add ptr %3, 8
          %18 = mul f64 %4, %10
          %22 = mul f64 %8, %5
          %23 = add f64 %18, %22
          store f64 %23, %14
          memcpy %ret.0, %3, i64 16
          ret ptr %ret.0
        }
        func i32 @main() {
          slot $z.0 size 16 align 8
          slot $w.1 size 16 align 8
          slot $3 size 16 align 8
          slot $4 size 16 align 8
          slot $5 size 16 align 8
        entry.0:
          %1 = slotaddr $z.0
          store f64 0.5, %1
          %2 = add ptr %1, 8
          store f64 0.25, %2
          %3 = slotaddr $w.1
          memset %3, i32 0, i64 16
          store f64 0.999, %3
          %4 = add ptr %3, 8
          store f64 0.001, %4
          %k.0 = copy i32 0
          br for.cond.1
        for.cond.1:
          %7 = cmp lt i32 %k.0, 100
          condbr i32 %7, for.body.2, for.end.4
        for.body.2:
          %8 = slotaddr $z.0
          %9 = slotaddr $3
          %10 = slotaddr $w.1
          %11 = slotaddr $4
          %12 = slotaddr $z.0
          %13 = slotaddr $5
          memcpy %11, %10, i64 16
          memcpy %13, %12, i64 16
          call ptr (ptr, ptr, ptr) @mul(ptr %9, ptr %13, ptr %11)
          memcpy %8, %9, i64 16
          %23 = add i32 %k.0, 1
          %k.0 = copy i32 %23
          br for.cond.1
        for.end.4:
          %24 = slotaddr $z.0
          %25 = load f64 %24
          %26 = fptosi f64 %25 to i32
          %27 = add ptr %24, 8
          %28 = load f64 %27
          %29 = mul f64 %28, 1000.0
          %30 = fptosi f64 %29 to i32
          %31 = add i32 %26, %30
          ret i32 %31
        }
        """;

    @Test
    void structByValueThroughAnInlinedCallLeavesNoMemory() {
        Module m = optimised(COMPLEX, 2);
        Function main = fn(m, "main");
        assertThat(main.slots).isEmpty();
        assertThat(memoryOps(main)).isZero();
        // the callee, not inlined anywhere else, keeps its own frame-free body: its slot is split too
        assertThat(fn(m, "mul").slots).isEmpty();
    }

    @Test
    void addressTakenScalarBecomesARegister() {
        Module m = optimised("""
            func i32 @main() {
              slot $x.0 size 4 align 4
              slot $d.1 size 8 align 8
            entry.0:
              %0 = slotaddr $x.0
              %p.1 = copy ptr %0
              store i32 5, %p.1
              %2 = load i32 %0
              %3 = add i32 %2, 1
              store i32 %3, %p.1
              %4 = slotaddr $d.1
              store i64 4611686018427387904, %4
              %5 = load f64 %4
              %6 = fptosi f64 %5 to i32
              %7 = load i32 %0
              %8 = add i32 %6, %7
              ret i32 %8
            }
            """, 2);
        Function main = fn(m, "main");
        assertThat(main.slots).isEmpty(); // the union of long and double too, through a bitcast
        assertThat(memoryOps(main)).isZero();
    }

    @Test
    void escapingAndOverlappingSlotsStayInMemory() {
        Module m = optimised("""
            global static @keep size 8 align 8 zero
            global static @seed size 8 align 8 zero
            func i32 @main() {
              slot $esc.0 size 4 align 4
              slot $u.1 size 8 align 8
            entry.0:
              %0 = slotaddr $esc.0
              store i32 3, %0
              %1 = addr @keep
              store ptr %0, %1
              %2 = slotaddr $u.1
              %9 = addr @seed
              %10 = load i64 %9
              %11 = sub i64 %10, 1
              store i64 %11, %2
              %3 = load i32 %2
              %7 = load i32 %0
              %8 = add i32 %3, %7
              ret i32 %8
            }
            """, 2);
        Function main = fn(m, "main");
        // stored address; a union read as a part of what was stored (not a constant: ConstantSlots would fold it)
        assertThat(main.slots.stream().map(s -> s.name).toList()).contains("esc", "u");
    }

    @Test
    void aBranchOnAPromotedSlotFoldsAndItsDeadArmGoes() {
        // int done = 1; int *p = &done; for (;;) { if (*p) break; ... } -- the loop's step is unreachable once *p is 1
        Module m = optimised("""
            func i32 @main() {
              slot $done.0 size 4 align 4
            entry.0:
              %0 = slotaddr $done.0
              store i32 1, %0
              %i.1 = copy i32 0
              br cond.1
            cond.1:
              %2 = load i32 %0
              condbr i32 %2, end.3, step.2
            step.2:
              %3 = add i32 %i.1, 1
              %i.1 = copy i32 %3
              br cond.1
            end.3:
              ret i32 %i.1
            }
            """, 2);
        assertThat(fn(m, "main").blocks).noneMatch(b -> b.name.startsWith("step"));
    }

    @Test
    void anAddressInARegisterAssignedTwiceKeepsTheSlot() {
        // p = &x; *p = 1; p = &y; *p = 5: the second store writes y through a register the analysis does not follow
        Module m = optimised("""
            func i32 @main() {
              slot $x.0 size 4 align 4
              slot $y.1 size 4 align 4
            entry.0:
              %p.2 = slotaddr $x.0
              store i32 1, %p.2
              %3 = slotaddr $y.1
              store i32 2, %3
              %p.2 = slotaddr $y.1
              store i32 5, %p.2
              %4 = load i32 %3
              ret i32 %4
            }
            """, 2);
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(5);
        assertThat(fn(m, "main").slots.stream().map(s -> s.name).toList()).contains("y");
    }

    @Test
    void outOfBoundsAccessKeepsTheSlot() {
        Module m = parse("""
            func i32 @main() {
              slot $a.0 size 8 align 8
            entry.0:
              %0 = slotaddr $a.0
              store i32 7, %0
              %1 = add ptr %0, 8
              store i32 1, %1
              %2 = load i32 %0
              ret i32 %2
            }
            """);
        PassManager.run(m, 2);
        assertThat(IrVerifier.verify(m)).isEmpty();
        assertThat(fn(m, "main").slots).hasSize(1);
    }

    @Test
    void copiesBetweenSlotsCarryTheirCutsAndPadding() {
        // struct { int a; /* 4 bytes of padding */ double d; } s, t, u; t = s; u = t; u's padding read
        // as an int and its double as a long: t's pieces come from both
        Module m = optimised("""
            func i32 @main() {
              slot $s.0 size 16 align 8
              slot $t.1 size 16 align 8
              slot $u.2 size 16 align 8
            entry.0:
              %0 = slotaddr $s.0
              memset %0, i32 255, i64 16
              store i32 7, %0
              %1 = add ptr %0, 8
              store f64 2.5, %1
              %2 = slotaddr $t.1
              memcpy %2, %0, i64 16
              %3 = slotaddr $u.2
              memcpy %3, %2, i64 16
              %4 = load i32 %3
              %5 = add ptr %3, 4
              %6 = load i32 %5
              %7 = add ptr %3, 8
              %8 = load i64 %7
              %10 = ushr i64 %8, 56
              %11 = trunc i64 %10 to i32
              %12 = add i32 %4, %6
              %13 = add i32 %12, %11
              ret i32 %13
            }
            """, 2);
        Function main = fn(m, "main");
        assertThat(main.slots).isEmpty();
        assertThat(memoryOps(main)).isZero();
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(7 - 1 + 0x40);
    }

    @Test
    void aCopyIntoAPieceOfAnotherSizeKeepsBothInMemory() {
        // the same, but u's first 8 bytes read as one long: t would need a cut inside it
        Module m = optimised("""
            func i32 @main() {
              slot $s.0 size 16 align 8
              slot $t.1 size 16 align 8
              slot $u.2 size 16 align 8
            entry.0:
              %0 = slotaddr $s.0
              memset %0, i32 255, i64 16
              store i32 7, %0
              %1 = add ptr %0, 8
              store f64 2.5, %1
              %2 = slotaddr $t.1
              memcpy %2, %0, i64 16
              %3 = slotaddr $u.2
              memcpy %3, %2, i64 16
              %4 = load i64 %3
              %5 = ushr i64 %4, 33
              %6 = trunc i64 %5 to i32
              ret i32 %6
            }
            """, 2);
        // s alone is split: its copy into t becomes stores of its pieces
        assertThat(fn(m, "main").slots.stream().map(s -> s.name).toList()).containsExactlyInAnyOrder("t", "u");
    }

    @Test
    void paddingNobodyWroteIsCopiedAsZero() {
        // struct { int a; double d; } s (4 bytes of padding never written) copied out whole
        Module m = optimised("""
            global static @h size 16 align 8 zero
            func i32 @main() {
              slot $s.0 size 16 align 8
            entry.0:
              %0 = slotaddr $s.0
              store i32 3, %0
              %1 = add ptr %0, 8
              store f64 2.0, %1
              %2 = addr @h
              memcpy %2, %0, i64 16
              %3 = load i32 %2
              ret i32 %3
            }
            """, 2);
        assertThat(fn(m, "main").slots).isEmpty();
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(3);
    }

    @Test
    void copiesWhosePiecesDisagreeStayMemcpys() {
        // s is written as two ints, t read as one long across them: no common cut
        Module m = optimised("""
            func i32 @main() {
              slot $s.0 size 8 align 8
              slot $t.1 size 8 align 8
            entry.0:
              %0 = slotaddr $s.0
              store i32 1, %0
              %1 = add ptr %0, 4
              store i32 2, %1
              %2 = slotaddr $t.1
              memcpy %2, %0, i64 8
              %3 = load i64 %2
              %4 = ushr i64 %3, 31
              %5 = trunc i64 %4 to i32
              ret i32 %5
            }
            """, 2);
        assertThat(fn(m, "main").slots).hasSize(2);
    }

    @Test
    void aVolatileSlotKeepsEveryAccess() {
        // volatile int a = 5; return a + a; -- gcc makes the store and both loads at -O2
        Module m = optimised("""
            func i32 @main() {
              slot $a.0 size 4 align 4 volatile
            entry.0:
              %0 = slotaddr $a.0
              store i32 5, %0
              %1 = load i32 %0
              %2 = load i32 %0
              %3 = add i32 %1, %2
              ret i32 %3
            }
            """, 2);
        Function f = fn(m, "main");
        assertThat(f.slots)
                .singleElement()
                .satisfies(s -> assertThat(s.isVolatile).isTrue());
        assertThat(memoryOps(f)).isEqualTo(3);
        assertThat(jomp.compiler.ir.IrPrinter.print(m)).contains("slot $a.0 size 4 align 4 volatile");
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(10);
    }

    /** Csmith seed 304655: a slot dropped for one copy must not be looked at again for the next (it was an NPE). */
    private static final String CHAIN_OF_DISAGREEING_COPIES = """
        func i32 @main() {
          slot $s.0 size 8 align 8
          slot $t.1 size 8 align 1
          slot $u.2 size 8 align 4
        entry.0:
          %0 = slotaddr $s.0
          memset %0, i32 1, i64 8
          %1 = slotaddr $t.1
          memcpy %1, %0, i64 8
          %2 = slotaddr $u.2
          memcpy %2, %1, i64 8
          %3 = load i32 %2
          %4 = add ptr %2, 4
          %5 = load i32 %4
          %6 = xor i32 %3, %5
          %7 = add i32 %6, 5
          ret i32 %7
        }
        """;

    @Test
    void aChainOfCopiesWhosePiecesDisagreeIsLeftSafely() {
        // s splits as one long, t (align 1) as bytes, u as two ints: s-t and t-u disagree, and the second
        // copy names t after the first has dropped it
        Module m = optimised(CHAIN_OF_DISAGREEING_COPIES, 2);
        assertThat(IrInterpreter.run(m)).isEqualTo(IrInterpreter.run(parse(CHAIN_OF_DISAGREEING_COPIES)));
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(5);
    }

    @Test
    void structCopiedToAndFromOtherMemoryBecomesScalarAccesses() {
        Module m = optimised("""
            global static @g size 16 align 8 data "\\01\\00\\00\\00\\02\\00\\00\\00\\03\\00\\00\\00\\04\\00\\00\\00"
            global static @h size 16 align 8 zero
            func i32 @main() {
              slot $s.0 size 16 align 8
            entry.0:
              %0 = slotaddr $s.0
              %1 = addr @g
              memcpy %0, %1, i64 16
              %2 = add ptr %0, 4
              %3 = load i32 %2
              %4 = add i32 %3, 40
              store i32 %4, %2
              %5 = addr @h
              memcpy %5, %0, i64 16
              %6 = add ptr %5, 4
              %7 = load i32 %6
              %8 = add ptr %5, 8
              %9 = load i64 %8
              %10 = trunc i64 %9 to i32
              %11 = add i32 %7, %10
              ret i32 %11
            }
            """, 2);
        Function main = fn(m, "main");
        assertThat(main.slots).isEmpty();
        assertThat(main.blocks.stream().flatMap(b -> b.insns.stream()).noneMatch(i -> i instanceof Insn.MemCopy))
                .isTrue();
    }

    @Test
    void smallLibraryCopiesAndFillsBecomeInstructionsAndThenRegisters() {
        // struct { long a; double d; } s; memset(&s, 0, 16); s.d = 1.5; long bits; memcpy(&bits, &s.d, 8)
        String ir = """
            declare ptr (ptr, i32, i64) @memset "p(p,i,m)"
            declare ptr (ptr, ptr, i64) @memcpy "p(p,p,m)"
            func i32 @main() {
              slot $s.0 size 16 align 8
              slot $bits.1 size 8 align 8
            entry.0:
              %0 = slotaddr $s.0
              %1 = call ptr (ptr, i32, i64) @memset(ptr %0, i32 0, i64 16) "p(p,i,m)"
              %2 = add ptr %1, 8
              store f64 1.5, %2
              %3 = slotaddr $bits.1
              call ptr (ptr, ptr, i64) @memcpy(ptr %3, ptr %2, i64 8) "p(p,p,m)"
              %4 = load i64 %3
              %5 = ushr i64 %4, 52
              %6 = trunc i64 %5 to i32
              %7 = load i64 %0
              %8 = trunc i64 %7 to i32
              %9 = add i32 %6, %8
              ret i32 %9
            }
            """;
        Module m = optimised(ir, 2);
        assertThat(IrInterpreter.run(m).exitCode()).isEqualTo(0x3ff & 0xff);
        Function main = fn(m, "main");
        assertThat(main.slots).isEmpty();
        assertThat(memoryOps(main)).isZero();
        // a unit that defines memcpy itself keeps its calls (this one not inlined)
        Module own = optimised(ir.replace("declare ptr (ptr, ptr, i64) @memcpy \"p(p,p,m)\"\n", """
            func noinline ptr @memcpy(ptr %d.0, ptr %s.1, i64 %n.2) {
            entry.0:
              %3 = load i64 %s.1
              store i64 %3, %d.0
              ret ptr %d.0
            }
            """), 2);
        assertThat(fn(own, "main").slots).isNotEmpty();
    }

    @Test
    void scalarPassesLeaveOptLevelOneAlone() {
        Module m = parse(COMPLEX);
        PassManager.run(m, 1);
        assertThat(fn(m, "main").slots).hasSize(5);
        assertThat(IrInterpreter.run(m)).isEqualTo(IrInterpreter.run(parse(COMPLEX)));
    }
}
