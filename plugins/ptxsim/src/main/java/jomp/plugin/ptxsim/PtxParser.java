package jomp.plugin.ptxsim;

import java.util.ArrayList;
import java.util.List;
import jomp.plugin.ptxsim.PtxAst.*;
import jomp.plugin.ptxsim.PtxLexer.Kind;
import jomp.plugin.ptxsim.PtxLexer.PtxSyntaxError;
import jomp.plugin.ptxsim.PtxLexer.Token;

/**
 * Reads a PTX module: the header ({@code .version}, {@code .target}, {@code .address_size}),
 * module-level variables with their initializers, and {@code .func}/{@code .entry} declarations
 * and definitions. Bodies are kept as statements (labels, instructions with their operands,
 * declarations, scopes); names are resolved by the decoder. Debug sections and {@code .file}/
 * {@code .loc} are skipped. Errors name the line.
 */
final class PtxParser {
    private final List<Token> toks;
    private final String[] lines;
    private int p;

    private PtxParser(String text) {
        toks = PtxLexer.lex(text);
        lines = text.split("\n", -1);
    }

    static PtxModule parse(String name, String text) {
        return new PtxParser(text).module(name);
    }

    private Token peek() {
        return toks.get(p);
    }

    private Token peek(int k) {
        return toks.get(Math.min(p + k, toks.size() - 1));
    }

    private Token next() {
        return toks.get(p++);
    }

    private boolean at(String s) {
        return peek().is(s);
    }

    private boolean accept(String s) {
        if (!at(s)) return false;
        p++;
        return true;
    }

    private Token expect(String s) {
        if (!at(s)) throw error("expected '" + s + "' but found " + peek());
        return next();
    }

    private PtxSyntaxError error(String message) {
        return new PtxSyntaxError(peek().line(), message);
    }

    private String name() {
        Token t = next();
        if (t.kind() != Kind.NAME) throw new PtxSyntaxError(t.line(), "expected a name but found " + t);
        return t.text();
    }

    private PtxModule module(String name) {
        String version = "", target = "";
        List<Var> globals = new ArrayList<>();
        List<Func> functions = new ArrayList<>();
        while (peek().kind() != Kind.END) {
            Token t = peek();
            switch (t.text()) {
                case ".version" -> {
                    next();
                    version = next().text();
                }
                case ".target" -> {
                    next();
                    target = next().text();
                    while (accept(",")) next();
                }
                case ".address_size" -> {
                    next();
                    String size = next().text();
                    if (!size.equals("64"))
                        throw new PtxSyntaxError(t.line(), ".address_size " + size + ": only 64-bit PTX is supported");
                }
                case ".file", ".loc" -> skipLine();
                case ".section" -> skipSection();
                case ";" -> next();
                default -> topLevel(globals, functions);
            }
        }
        return new PtxModule(name, version, target, globals, functions);
    }

    /** .file and .loc end at the end of their line (no semicolon). */
    private void skipLine() {
        int line = next().line();
        while (peek().kind() != Kind.END && peek().line() == line) next();
    }

    /** A debug section: {@code .section name { ... }}. */
    private void skipSection() {
        next();
        while (!at("{") && peek().kind() != Kind.END) next();
        int depth = 0;
        do {
            Token t = next();
            if (t.is("{")) depth++;
            else if (t.is("}")) depth--;
        } while (depth > 0 && peek().kind() != Kind.END);
    }

    private void topLevel(List<Var> globals, List<Func> functions) {
        Linkage linkage = Linkage.INTERNAL;
        while (true) {
            if (accept(".visible")) linkage = Linkage.VISIBLE;
            else if (accept(".extern")) linkage = Linkage.EXTERN;
            else if (accept(".weak")) linkage = Linkage.WEAK;
            else if (accept(".common")) linkage = Linkage.COMMON;
            else break;
        }
        if (at(".func") || at(".entry")) {
            functions.add(function(linkage));
            return;
        }
        Var v = variable(linkage, true);
        expect(";");
        globals.add(v);
    }

    /** {@code .space [.align n] [.vN] .type name[count]... [= init]} without the semicolon. */
    private Var variable(Linkage linkage, boolean allowInit) {
        Token start = peek();
        Space space = space(next().text(), start.line());
        int align = 0, vector = 1;
        String type = null;
        while (peek().kind() == Kind.DIRECTIVE) {
            String d = next().text();
            switch (d) {
                case ".align" -> align = (int) integer(next());
                case ".v2" -> vector = 2;
                case ".v4" -> vector = 4;
                case ".v8" -> vector = 8;
                case ".ptr", ".global", ".shared", ".local", ".const" -> {
                    /* .ptr and its space: only a hint */
                }
                default -> {
                    if (PtxType.of(d) == PtxType.NONE)
                        throw new PtxSyntaxError(start.line(), "unknown directive " + d + " in a declaration");
                    type = d.substring(1);
                }
            }
        }
        if (type == null) throw new PtxSyntaxError(start.line(), "declaration without a type");
        String n = name();
        long count = 0;
        while (accept("[")) {
            long c = at("]") ? -1 : integer(next());
            expect("]");
            count = count == 0 ? c : c < 0 || count < 0 ? -1 : count * c;
        }
        Init init = null;
        if (allowInit && accept("=")) init = initializer();
        return new Var(linkage, space, align, vector, type, n, count, init, start.line());
    }

    private static Space space(String d, int line) {
        return switch (d) {
            case ".global" -> Space.GLOBAL;
            case ".const" -> Space.CONST;
            case ".shared" -> Space.SHARED;
            case ".local" -> Space.LOCAL;
            case ".param" -> Space.PARAM;
            case ".reg" -> Space.REG;
            case ".tex" -> Space.TEX;
            default -> throw new PtxSyntaxError(line, "expected a state space but found '" + d + "'");
        };
    }

    private Init initializer() {
        List<InitValue> values = new ArrayList<>();
        initValues(values);
        return new Init(values);
    }

    private void initValues(List<InitValue> out) {
        if (accept("{")) {
            if (!at("}")) {
                do initValues(out);
                while (accept(","));
            }
            expect("}");
            return;
        }
        out.add(initValue());
    }

    /** A number, or an address: {@code sym}, {@code generic(sym)}, {@code sym+n}, {@code 0xFF00(generic(sym)+8)}. */
    private InitValue initValue() {
        boolean negative = accept("-");
        Token t = peek();
        if (t.kind() == Kind.NUMBER && peek(1).is("(")) { // a byte mask of an address
            long mask = integer(next());
            expect("(");
            InitAddress a = address();
            expect(")");
            return new InitAddress(a.symbol(), a.addend(), mask, a.generic());
        }
        if (t.kind() == Kind.NUMBER) {
            Operand.Imm imm = immediate(next());
            if (negative) imm = negate(imm);
            return new InitNumber(imm);
        }
        return address();
    }

    private InitAddress address() {
        boolean generic = false;
        String sym;
        if (at("generic") && peek(1).is("(")) {
            next();
            next();
            sym = name();
            expect(")");
            generic = true;
        } else {
            sym = name();
        }
        long add = 0;
        while (at("+") || at("-")) {
            boolean minus = next().is("-");
            if (accept("-")) minus = !minus;
            long v = integer(next());
            add += minus ? -v : v;
        }
        return new InitAddress(sym, add, -1L, generic);
    }

    private static Operand.Imm negate(Operand.Imm v) {
        return switch (v.kind()) {
            case INT -> new Operand.Imm(-v.bits(), ImmKind.INT);
            case FLOAT, F64 -> new Operand.Imm(v.bits() ^ Long.MIN_VALUE, v.kind());
            case F32 -> new Operand.Imm(v.bits() ^ 0x80000000L, ImmKind.F32);
        };
    }

    // ---- functions ----------------------------------------------------------------------------

    private Func function(Linkage linkage) {
        int line = peek().line();
        boolean entry = next().is(".entry");
        List<Param> returns = new ArrayList<>();
        if (!entry && at("(")) returns = params();
        String n = name();
        List<Param> params = at("(") ? params() : new ArrayList<>();
        // performance directives and .noreturn until the body or the semicolon
        while (!at("{") && !at(";")) {
            if (peek().kind() == Kind.END) throw error("unexpected end of file in the declaration of " + n);
            next();
        }
        if (accept(";")) return new Func(linkage, entry, n, returns, params, null, line);
        return new Func(linkage, entry, n, returns, params, body(), line);
    }

    private List<Param> params() {
        List<Param> out = new ArrayList<>();
        expect("(");
        if (!accept(")")) {
            do out.add(param());
            while (accept(","));
            expect(")");
        }
        return out;
    }

    private Param param() {
        int line = peek().line();
        Space space = space(next().text(), line);
        int align = 0;
        String type = null;
        boolean ptr = false;
        while (peek().kind() == Kind.DIRECTIVE) {
            String d = next().text();
            if (d.equals(".align")) align = (int) integer(next());
            else if (d.equals(".ptr")) ptr = true;
            else if (PtxType.of(d) != PtxType.NONE) type = d.substring(1);
        }
        if (type == null) throw new PtxSyntaxError(line, "parameter without a type");
        String n = name();
        long count = 0;
        if (accept("[")) {
            count = integer(next());
            expect("]");
        }
        return new Param(space, align, type, n, count, ptr);
    }

    private List<Stmt> body() {
        List<Stmt> out = new ArrayList<>();
        expect("{");
        int depth = 1;
        while (depth > 0) {
            Token t = peek();
            if (t.kind() == Kind.END) throw error("unexpected end of file in a function body");
            if (accept("{")) {
                depth++;
                out.add(new Open(t.line()));
                continue;
            }
            if (accept("}")) {
                depth--;
                if (depth > 0) out.add(new Close(t.line()));
                continue;
            }
            if (accept(";")) continue;
            if (t.kind() == Kind.DIRECTIVE) {
                switch (t.text()) {
                    case ".reg", ".local", ".param", ".shared", ".const", ".global" -> out.add(declaration());
                    case ".loc", ".file" -> skipLine();
                    case ".pragma" -> {
                        while (!accept(";")) next();
                    }
                    default -> throw error("unknown directive " + t.text() + " in a function body");
                }
                continue;
            }
            if (t.kind() == Kind.NAME && peek(1).is(":")) {
                next();
                next();
                if (at(".branchtargets")) {
                    next();
                    List<String> labels = new ArrayList<>();
                    do labels.add(name());
                    while (accept(","));
                    expect(";");
                    out.add(new Targets(t.text(), labels, t.line()));
                } else if (at(".callprototype")) {
                    while (!accept(";")) next();
                    out.add(new Prototype(t.text(), t.line()));
                } else {
                    out.add(new Label(t.text(), t.line()));
                }
                continue;
            }
            out.add(instruction());
        }
        return out;
    }

    private Decl declaration() {
        int line = peek().line();
        Var first = variable(Linkage.INTERNAL, false);
        List<String> names = new ArrayList<>();
        List<Integer> ranges = new ArrayList<>();
        // .reg .b32 %r<20>, %x, %y;  (the variable already read the first name)
        String n = first.name();
        while (true) {
            int range = -1;
            if (accept("<")) {
                range = (int) integer(next());
                expect(">");
            }
            names.add(n);
            ranges.add(range);
            if (!accept(",")) break;
            n = name();
            while (accept("[")) {
                next();
                expect("]");
            }
        }
        if (accept("=")) initializer(); // a function-scope initializer (only .const/.global use it)
        expect(";");
        return new Decl(first, names, ranges, line);
    }

    private Instr instruction() {
        int line = peek().line();
        String guard = null;
        boolean neg = false;
        if (accept("@")) {
            neg = accept("!");
            guard = name();
        }
        String opcode = name();
        List<Operand> ops = new ArrayList<>();
        if (!at(";")) {
            do ops.add(operand());
            while (accept(","));
        }
        expect(";");
        String text = line - 1 < lines.length ? lines[line - 1].strip() : opcode;
        return new Instr(guard, neg, opcode, ops, line, text);
    }

    private Operand operand() {
        Operand first = simpleOperand();
        if (accept("|")) return new Operand.Pair(first, simpleOperand());
        return first;
    }

    private Operand simpleOperand() {
        Token t = peek();
        if (accept("{")) {
            List<Operand> items = new ArrayList<>();
            do items.add(simpleOperand());
            while (accept(","));
            expect("}");
            return new Operand.Vec(items);
        }
        if (accept("(")) {
            List<Operand> items = new ArrayList<>();
            if (!at(")")) {
                do items.add(simpleOperand());
                while (accept(","));
            }
            expect(")");
            return new Operand.Group(items);
        }
        if (accept("[")) {
            Operand.Name base = null;
            long off = 0;
            if (peek().kind() == Kind.NAME) base = new Operand.Name(name());
            else off = signedInteger();
            while (at("+") || at("-")) {
                boolean minus = next().is("-");
                long v = signedInteger();
                off += minus ? -v : v;
            }
            expect("]");
            return new Operand.Addr(base, off);
        }
        if (accept("!")) return new Operand.Not(new Operand.Name(name()));
        if (at("-") || t.kind() == Kind.NUMBER) {
            boolean minus = accept("-");
            Operand.Imm v = immediate(next());
            return minus ? negate(v) : v;
        }
        if (t.kind() == Kind.NAME) {
            next();
            if (t.text().equals("_")) return new Operand.Sink();
            // symbol+offset as a value (mov.u64 %rd, sym+8)
            if ((at("+") || at("-")) && peek(1).kind() == Kind.NUMBER) {
                boolean minus = next().is("-");
                long v = integer(next());
                return new Operand.Addr(new Operand.Name(t.text()), minus ? -v : v);
            }
            return new Operand.Name(t.text());
        }
        throw error("unexpected " + t + " in an operand");
    }

    private long signedInteger() {
        boolean minus = accept("-");
        long v = integer(next());
        return minus ? -v : v;
    }

    private static long integer(Token t) {
        Operand.Imm v = immediate(t);
        if (v.kind() != ImmKind.INT)
            throw new PtxSyntaxError(t.line(), "expected an integer but found '" + t.text() + "'");
        return v.bits();
    }

    /** An integer (decimal, 0x hex, 0 octal, 0b binary, optional U), 0f/0d float bits, or a decimal float. */
    static Operand.Imm immediate(Token t) {
        String s = t.text();
        if (t.kind() != Kind.NUMBER) throw new PtxSyntaxError(t.line(), "expected a number but found " + t);
        try {
            if (s.length() > 2 && (s.charAt(1) == 'f' || s.charAt(1) == 'F') && s.charAt(0) == '0')
                return new Operand.Imm(Long.parseUnsignedLong(s.substring(2), 16) & 0xFFFFFFFFL, ImmKind.F32);
            if (s.length() > 2 && (s.charAt(1) == 'd' || s.charAt(1) == 'D') && s.charAt(0) == '0')
                return new Operand.Imm(Long.parseUnsignedLong(s.substring(2), 16), ImmKind.F64);
            if (s.indexOf('.') >= 0
                    || ((s.indexOf('e') >= 0 || s.indexOf('E') >= 0) && !s.startsWith("0x") && !s.startsWith("0X")))
                return new Operand.Imm(Double.doubleToRawLongBits(Double.parseDouble(s)), ImmKind.FLOAT);
            String d = s.endsWith("U") || s.endsWith("u") ? s.substring(0, s.length() - 1) : s;
            long v;
            if (d.startsWith("0x") || d.startsWith("0X")) v = Long.parseUnsignedLong(d.substring(2), 16);
            else if (d.startsWith("0b") || d.startsWith("0B")) v = Long.parseUnsignedLong(d.substring(2), 2);
            else if (d.length() > 1 && d.startsWith("0")) v = Long.parseUnsignedLong(d.substring(1), 8);
            else v = Long.parseUnsignedLong(d);
            return new Operand.Imm(v, ImmKind.INT);
        } catch (NumberFormatException e) {
            throw new PtxSyntaxError(t.line(), "malformed number '" + s + "'");
        }
    }
}
