package jomp.plugin.ptxsim;

import java.util.List;

/** A PTX module as the parser reads it: plain data, resolved later by the linker and decoder. */
final class PtxAst {
    private PtxAst() {}

    /** Linkage of a module-level symbol. */
    enum Linkage {
        INTERNAL,
        VISIBLE,
        EXTERN,
        WEAK,
        COMMON
    }

    /** State spaces. */
    enum Space {
        REG,
        SREG,
        CONST,
        GLOBAL,
        LOCAL,
        PARAM,
        SHARED,
        TEX,
        GENERIC
    }

    record PtxModule(String name, String version, String target, List<Var> globals, List<Func> functions) {}

    /**
     * A variable declaration: module-level data, or a function's .local/.param/.shared/.reg. An
     * array's element count is {@code count} (-1 for {@code []}, 0 for a scalar); {@code vector}
     * is 1, 2 or 4.
     */
    record Var(
            Linkage linkage,
            Space space,
            int align,
            int vector,
            String type,
            String name,
            long count,
            Init init,
            int line) {
        /** Bytes of one element. */
        int elementSize() {
            return vector * PtxType.size(PtxType.of(type));
        }
        /** Bytes of the whole variable (0 for an unsized array). */
        long size() {
            return count < 0 ? 0 : elementSize() * Math.max(1, count);
        }

        int alignment() {
            return align > 0 ? align : elementSize();
        }
    }

    /** An initializer: a scalar, a list (nested braces flattened), in element order. */
    record Init(List<InitValue> values) {}

    /**
     * One initial element: a number (bits in the element's type, or a decimal float), or an
     * address expression {@code [mask](generic(sym)+add)} whose bytes are selected by mask.
     */
    sealed interface InitValue permits InitNumber, InitAddress {}

    record InitNumber(Operand.Imm value) implements InitValue {}

    record InitAddress(String symbol, long addend, long mask, boolean generic) implements InitValue {}

    record Param(Space space, int align, String type, String name, long count, boolean pointer) {
        int size() {
            return PtxType.size(PtxType.of(type)) * (int) Math.max(1, count);
        }

        int alignment() {
            return align > 0 ? align : PtxType.size(PtxType.of(type));
        }
    }

    /** A .func or .entry; {@code body} is null for a declaration. */
    record Func(
            Linkage linkage,
            boolean entry,
            String name,
            List<Param> returns,
            List<Param> params,
            List<Stmt> body,
            int line) {}

    sealed interface Stmt permits Label, Instr, Decl, Open, Close, Targets, Prototype {}

    record Label(String name, int line) implements Stmt {}

    record Instr(String guard, boolean guardNeg, String opcode, List<Operand> operands, int line, String text)
            implements Stmt {}
    /** .reg/.local/.param/.shared declarations in a body; {@code names} with their counts ({@code %r<20>} is count 20, -1 for a single name). */
    record Decl(Var var, List<String> names, List<Integer> ranges, int line) implements Stmt {}

    record Open(int line) implements Stmt {}

    record Close(int line) implements Stmt {}
    /** {@code label: .branchtargets a, b, ...;} */
    record Targets(String name, List<String> labels, int line) implements Stmt {}
    /** {@code label: .callprototype ...;} (the simulator calls through the callee's own declaration). */
    record Prototype(String name, int line) implements Stmt {}

    /** Instruction operands. */
    sealed interface Operand
            permits Operand.Name,
                    Operand.Imm,
                    Operand.Vec,
                    Operand.Addr,
                    Operand.Pair,
                    Operand.Not,
                    Operand.Group,
                    Operand.Sink {
        /** A register, special register, label, variable or function name. */
        record Name(String name) implements Operand {}
        /** A literal: {@code FLOAT} holds a decimal float's double bits; F32/F64 hold the literal's exact bits. */
        record Imm(long bits, ImmKind kind) implements Operand {}
        /** {@code {a, b, ...}} */
        record Vec(List<Operand> items) implements Operand {}
        /** {@code [base + offset]}; base is a Name or null for an absolute address. */
        record Addr(Name base, long offset) implements Operand {}
        /** {@code a|b} (setp, shfl, match: a second, predicate destination). */
        record Pair(Operand first, Operand second) implements Operand {}
        /** {@code !p} */
        record Not(Name name) implements Operand {}
        /** {@code (a, b, ...)}: call arguments and results. */
        record Group(List<Operand> items) implements Operand {}
        /** {@code _} */
        record Sink() implements Operand {}
    }

    enum ImmKind {
        INT,
        F32,
        F64,
        FLOAT
    }
}
