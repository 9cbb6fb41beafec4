package jomp.compiler.ir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.diag.SourceLocation;

/**
 * Reads jomp IR text as {@link IrPrinter} writes it. The first syntax error is reported as
 * {@code file:line:col: error: message} and parsing stops (returns null); a module that parses
 * but fails {@link IrVerifier} is reported as {@code file: invalid IR: problem}.
 */
public final class IrParser {
    private static final class ParseError extends RuntimeException {
        ParseError() {
            super(null, null, false, false);
        }
    }

    private final SourceFile file;
    private final Diagnostics diags;
    private final String s;
    private int pos;
    private int tokStart;

    // per function
    private Function fn;
    private Map<Integer, Reg> regs;
    private Map<Integer, Slot> slots;
    private Map<String, BasicBlock> blocks;
    private Map<String, Integer> blockUse;

    private IrParser(SourceFile file, Diagnostics diags) {
        this.file = file;
        this.diags = diags;
        this.s = file.text();
    }

    public static Module parse(SourceFile file, Diagnostics diags) {
        IrParser p = new IrParser(file, diags);
        Module m;
        try {
            m = p.module();
        } catch (ParseError e) {
            return null;
        }
        // Well-formed text can still be inconsistent (a call that disagrees with a declaration, an
        // unknown symbol): check it here so that no backend sees it.
        List<String> problems = IrVerifier.verify(m);
        if (!problems.isEmpty()) {
            diags.error(null, file.name() + ": invalid IR: " + problems.get(0));
            return null;
        }
        return m;
    }

    // ---- lexical helpers ----

    private ParseError error(int at, String msg) {
        diags.error(SourceLocation.of(file, Math.min(at, s.length())), msg);
        return new ParseError();
    }

    private void skip() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ';') {
                while (pos < s.length() && s.charAt(pos) != '\n') pos++;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') pos++;
            else break;
        }
        tokStart = pos;
    }

    private boolean atEnd() {
        skip();
        return pos >= s.length();
    }

    private static boolean identChar(char c) {
        return Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '$' || c == '.';
    }

    /** The next word (identifier-like), or "" if none. */
    private String peekWord() {
        skip();
        int e = pos;
        while (e < s.length() && identChar(s.charAt(e))) e++;
        return s.substring(pos, e);
    }

    private String word(String what) {
        String w = peekWord();
        if (w.isEmpty()) throw error(pos, "expected " + what);
        pos += w.length();
        return w;
    }

    private boolean acceptWord(String w) {
        if (!peekWord().equals(w)) return false;
        pos += w.length();
        return true;
    }

    private void expectWord(String w) {
        if (!acceptWord(w)) throw error(tokStart, "expected '" + w + "'");
    }

    private boolean accept(String punct) {
        skip();
        if (!s.startsWith(punct, pos)) return false;
        pos += punct.length();
        return true;
    }

    private void expect(String punct) {
        if (!accept(punct)) throw error(tokStart, "expected '" + punct + "'");
    }

    private boolean peek(char c) {
        skip();
        return pos < s.length() && s.charAt(pos) == c;
    }

    private String sigil(char c, String what) {
        skip();
        if (pos >= s.length() || s.charAt(pos) != c) throw error(pos, "expected " + what);
        pos++;
        int e = pos;
        // a symbol may carry its version, as .symver names it: @f@VERS_1, @f@@VERS_2
        while (e < s.length() && (identChar(s.charAt(e)) || c == '@' && e > pos && s.charAt(e) == '@')) e++;
        if (e == pos) throw error(pos, "expected " + what);
        String n = s.substring(pos, e);
        pos = e;
        return n;
    }

    private String symbol() {
        return sigil('@', "symbol '@name'");
    }

    private long integer(String what) {
        skip();
        int start = pos;
        int e = pos;
        if (e < s.length() && s.charAt(e) == '-') e++;
        while (e < s.length() && Character.isDigit(s.charAt(e))) e++;
        try {
            long v = Long.parseLong(s.substring(start, e));
            pos = e;
            return v;
        } catch (NumberFormatException ex) {
            throw error(start, "expected " + what);
        }
    }

    private IrType type() {
        skip();
        int at = pos;
        String w = peekWord();
        IrType t = IrType.bySpelling(w);
        if (t == null) throw error(at, "expected a type");
        pos += w.length();
        return t;
    }

    private IrType valueType() {
        int at = (skipAndPos());
        IrType t = type();
        if (t == IrType.VOID) throw error(at, "'void' is not a value type");
        return t;
    }

    private int skipAndPos() {
        skip();
        return pos;
    }

    private String string() {
        skip();
        if (!peek('"')) throw error(pos, "expected a string");
        pos++;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            if (pos >= s.length() || s.charAt(pos) == '\n') throw error(pos, "unterminated string");
            char c = s.charAt(pos++);
            if (c == '"') break;
            if (c == '\\') {
                int hi = pos < s.length() ? Character.digit(s.charAt(pos), 16) : -1;
                int lo = pos + 1 < s.length() ? Character.digit(s.charAt(pos + 1), 16) : -1;
                if (hi < 0 || lo < 0) throw error(pos - 1, "invalid escape in string (expected \\hh)");
                b.write(hi * 16 + lo);
                pos += 2;
            } else if (c < 0x20 || c >= 0x7F) {
                throw error(pos - 1, "invalid character in string");
            } else b.write(c);
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    // ---- module ----

    private Module module() {
        expectWord("module");
        String name = new String(string().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        Module m = new Module(name);
        if (acceptWord("debug"))
            m.debugFile = new String(string().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        while (!atEnd()) {
            int at = pos;
            String w = word("'declare', 'global', 'func' or 'offload_entry'");
            switch (w) {
                case "declare" -> {
                    if (acceptWord("data")) {
                        String sym = symbol();
                        if (m.externData.contains(sym)) throw error(at, "duplicate declaration of '@" + sym + "'");
                        m.externData.add(sym);
                    } else {
                        FuncType t = funcType();
                        String sym = symbol();
                        if (m.externFunctions.putIfAbsent(sym, t) != null)
                            throw error(at, "duplicate declaration of '@" + sym + "'");
                        if (peek('"')) m.externCsigs.put(sym, string());
                    }
                }
                case "offload_entry" -> {
                    String sym = symbol();
                    expectWord("size");
                    long size = integer("a size");
                    expectWord("flags");
                    long flags = integer("flags");
                    m.offloadEntries.add(new OffloadEntry(sym, size, (int) flags));
                }
                case "extern_weak" -> m.weakExterns.add(symbol());
                case "visibility" -> {
                    String sym = symbol();
                    String v = word("'hidden', 'internal' or 'protected'");
                    if (!v.equals("hidden") && !v.equals("internal") && !v.equals("protected"))
                        throw error(at, "expected 'hidden', 'internal' or 'protected'");
                    m.visibility.put(sym, v);
                }
                case "alias" -> {
                    boolean internal = acceptWord("internal"), weak = !internal && acceptWord("weak");
                    String alias = symbol();
                    m.aliases.add(new Module.Alias(alias, symbol(), internal, weak));
                }
                case "global" -> m.globals.add(global());
                case "func" -> m.functions.add(function(at));
                default -> throw error(at, "expected 'declare', 'global', 'func' or 'offload_entry'");
            }
        }
        return m;
    }

    private FuncType funcType() {
        IrType ret = type();
        expect("(");
        List<IrType> params = new ArrayList<>();
        boolean variadic = false;
        if (!accept(")")) {
            do {
                if (accept("...")) {
                    variadic = true;
                    break;
                }
                params.add(valueType());
            } while (accept(","));
            expect(")");
        }
        return new FuncType(ret, params, variadic);
    }

    private Global global() {
        boolean isStatic = acceptWord("static");
        boolean weak = acceptWord("weak");
        boolean readOnly = acceptWord("readonly");
        String name = symbol();
        expectWord("size");
        long size = integer("a size");
        expectWord("align");
        int align = (int) integer("an alignment");
        byte[] data = null;
        if (!acceptWord("zero")) {
            expectWord("data");
            int dat = skipAndPos();
            data = string().getBytes(StandardCharsets.ISO_8859_1);
            if (data.length != size)
                throw error(dat, "global '@" + name + "' has " + data.length + " data bytes but size " + size);
        }
        Global g = new Global(name, size, align, isStatic, readOnly, data);
        g.weak = weak;
        while (acceptWord("reloc")) {
            int rat = skipAndPos();
            long off = integer("an offset");
            if (off < 0 || off + 8 > size)
                throw error(rat, "relocation at offset " + off + " is outside '@" + name + "'");
            String sym = symbol();
            long addend = 0;
            if (accept("+")) addend = integer("an addend");
            g.relocs.add(new Global.Reloc(off, sym, addend));
        }
        return g;
    }

    // ---- functions ----

    private Function function(int at) {
        boolean isStatic = acceptWord("static");
        boolean weak = acceptWord("weak");
        boolean ifunc = acceptWord("ifunc");
        boolean declareTarget = acceptWord("declare_target");
        boolean spmd = acceptWord("spmd");
        int kernelArgs = -1;
        if (acceptWord("kernel_args")) {
            expect("(");
            kernelArgs = (int) integer("the number of kernel arguments");
            expect(")");
        }
        boolean alwaysInline = acceptWord("alwaysinline");
        boolean noInline = acceptWord("noinline");
        boolean flatten = acceptWord("flatten");
        IrType ret = type();
        String name = symbol();
        regs = new HashMap<>();
        slots = new HashMap<>();
        blocks = new HashMap<>();
        blockUse = new HashMap<>();
        List<IrType> ptypes = new ArrayList<>();
        List<Object[]> params = new ArrayList<>();
        boolean variadic = false;
        String vaName = null;
        int vaAt = 0;
        expect("(");
        if (!accept(")")) {
            do {
                if (accept("...")) {
                    variadic = true;
                    vaAt = skipAndPos();
                    vaName = sigil('%', "the variadic area register");
                    break;
                }
                IrType t = valueType();
                int pat = skipAndPos();
                params.add(new Object[] {t, sigil('%', "a parameter register"), pat});
                ptypes.add(t);
            } while (accept(","));
            expect(")");
        }
        fn = new Function(name, new FuncType(ret, ptypes, variadic), isStatic);
        fn.declareTarget = declareTarget;
        fn.spmd = spmd;
        fn.weak = weak;
        fn.ifunc = ifunc;
        fn.kernelArgs = kernelArgs;
        fn.alwaysInline = alwaysInline;
        fn.noInline = noInline;
        fn.flatten = flatten;
        if (peek('"')) fn.csig = string();
        for (Object[] p : params) fn.params.add(defineReg((String) p[1], (int) p[2], (IrType) p[0]));
        if (variadic) fn.vaArea = defineReg(vaName, vaAt, IrType.PTR);
        expect("{");
        slotDeclarations();
        blocks(name);
        if (fn.blocks.isEmpty()) throw error(at, "function '@" + name + "' has no blocks");
        // Blocks appear in the order they were defined, not first mentioned.
        fn.blocks.sort(java.util.Comparator.comparingInt(b -> defined.get(b.name)));
        Function f = fn;
        defined.clear();
        regTypeAt.clear();
        return f;
    }

    /** The {@code slot $name.N size S align A} lines that open a function's body. */
    private void slotDeclarations() {
        while (acceptWord("slot")) {
            int sat = skipAndPos();
            String sn = sigil('$', "a slot '$name.N'");
            expectWord("size");
            long size = integer("a size");
            expectWord("align");
            int align = (int) integer("an alignment");
            int[] id = new int[1];
            String hint = splitId(sn, sat, id);
            if (slots.containsKey(id[0])) throw error(sat, "redefinition of slot '$" + sn + "'");
            Slot s = fn.slotWithId(id[0], hint, size, align);
            s.isVolatile = acceptWord("volatile");
            slots.put(id[0], s);
        }
    }

    /** The labelled blocks up to the function's closing brace, then the checks that need all of them. */
    private void blocks(String name) {
        BasicBlock cur = null;
        int line = 0; // the source line of what follows (a "line N" line), until the next block
        while (!accept("}")) {
            if (atEnd()) throw error(pos, "expected '}' at end of function '@" + name + "'");
            int iat = pos;
            String w = peekWord();
            if (!w.isEmpty() && s.startsWith(":", pos + w.length())) {
                pos += w.length() + 1;
                if (cur != null && cur.terminator == null)
                    throw error(iat, "block '" + cur.name + "' has no terminator");
                if (defined.containsKey(w)) throw error(iat, "redefinition of block '" + w + "'");
                cur = blocks.get(w);
                if (cur == null) {
                    cur = fn.namedBlock(w);
                    blocks.put(w, cur);
                }
                defined.put(w, defined.size());
                line = 0;
                continue;
            }
            if (cur == null) throw error(iat, "expected a block label");
            if (w.equals("line")) {
                pos += w.length();
                long l = integer("a line number");
                if (l <= 0 || l > Integer.MAX_VALUE) throw error(iat, "line number out of range");
                line = (int) l;
                continue;
            }
            if (cur.terminator != null)
                throw error(iat, "instruction after the terminator of block '" + cur.name + "'");
            int before = cur.insns.size();
            statement(cur);
            if (line > 0)
                fn.setLine(cur.insns.size() > before ? cur.insns.get(cur.insns.size() - 1) : cur.terminator, line);
        }
        if (cur != null && cur.terminator == null) throw error(pos - 1, "block '" + cur.name + "' has no terminator");
        for (var e : blockUse.entrySet())
            if (!defined.containsKey(e.getKey()))
                throw error(e.getValue(), "use of undefined block '" + e.getKey() + "'");
        // a register read but never assigned (a C local never given a value) reads as zero, as the
        // back ends read it; its uses gave it a type, which is all its text can say
        for (var e : regTypeAt.entrySet())
            if (regs.get(e.getKey()).type == null)
                throw error(e.getValue(), "register '" + regs.get(e.getKey()) + "' is used but never assigned");
    }

    /** Labels defined so far in the function → their position. */
    private final Map<String, Integer> defined = new HashMap<>();
    /** Registers used before any assignment gave them a type: id → where first used. */
    private final Map<Integer, Integer> regTypeAt = new HashMap<>();

    /** Splits {@code name.17} into the hint "name" and id 17 (or {@code 17} into null and 17). */
    private String splitId(String n, int at, int[] id) {
        int dot = n.lastIndexOf('.');
        String digits = dot < 0 ? n : n.substring(dot + 1);
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 9)
            throw error(at, "expected a number after the last '.' in '" + n + "'");
        id[0] = Integer.parseInt(digits);
        return dot < 0 ? null : n.substring(0, dot);
    }

    private Reg regRef(String n, int at) {
        int[] id = new int[1];
        String hint = splitId(n, at, id);
        Reg r = regs.get(id[0]);
        if (r == null) {
            r = fn.regWithId(id[0], null, hint);
            regs.put(id[0], r);
            regTypeAt.put(id[0], at);
        } else if (!java.util.Objects.equals(r.name, hint)) {
            throw error(at, "register " + id[0] + " is named '" + r + "' elsewhere");
        }
        return r;
    }

    private Reg defineReg(String n, int at, IrType t) {
        Reg r = regRef(n, at);
        if (r.type == null) {
            r.type = t;
            regTypeAt.remove(r.id);
        } else if (r.type != t) {
            throw error(at, "register '" + r + "' has type " + r.type + " elsewhere, " + t + " here");
        }
        return r;
    }

    private BasicBlock blockRef() {
        skip();
        int at = pos;
        String n = word("a block name");
        BasicBlock b = blocks.get(n);
        if (b == null) {
            b = fn.namedBlock(n);
            blocks.put(n, b);
            blockUse.put(n, at);
        }
        return b;
    }

    /** An operand of known type: a register (whose type must match) or a constant. */
    private Value operand(IrType t) {
        skip();
        int at = pos;
        if (peek('%')) {
            Reg r = regRef(sigil('%', "a register"), at);
            if (r.type == null) {
                r.type = t; // provisional until its assignment is seen
            } else if (r.type != t) {
                throw error(at, "register '" + r + "' has type " + r.type + ", expected " + t);
            }
            return r;
        }
        int e = pos;
        while (e < s.length()) {
            char c = s.charAt(e);
            boolean sign = (c == '-' || c == '+')
                    && (e == pos || t.isFloat() && (s.charAt(e - 1) == 'E') && !s.startsWith("0x", pos));
            if (Character.isLetterOrDigit(c) || c == '.' || sign) e++;
            else break;
        }
        String tok = s.substring(pos, e);
        if (tok.isEmpty()) throw error(at, "expected an operand");
        try {
            Value v;
            if (t.isFloat()) {
                if (tok.startsWith("0x")) {
                    long bits = Long.parseUnsignedLong(tok.substring(2), 16);
                    v = t == IrType.F32
                            ? new FloatConst(t, Float.intBitsToFloat((int) bits))
                            : new FloatConst(t, Double.longBitsToDouble(bits));
                } else if (!tok.chars()
                        .allMatch(ch -> Character.isDigit(ch) || ch == '.' || ch == 'E' || ch == '-' || ch == '+')) {
                    throw new NumberFormatException();
                } else {
                    v = new FloatConst(t, t == IrType.F32 ? Float.parseFloat(tok) : Double.parseDouble(tok));
                }
            } else {
                long x = Long.parseLong(tok);
                if (IntConst.normalise(t, x) != x) throw error(at, "constant " + x + " does not fit in " + t);
                v = new IntConst(t, x);
            }
            pos = e;
            return v;
        } catch (NumberFormatException ex) {
            throw error(at, "expected a register or a " + t + " constant");
        }
    }

    private Value typedOperand() {
        IrType t = valueType();
        return operand(t);
    }

    private Reg dstReg;
    private int dstAt;

    private Reg dst(IrType t) {
        if (dstReg == null) throw error(dstAt, "this instruction needs a result register");
        Reg r = dstReg;
        if (r.type == null || regTypeAt.containsKey(r.id)) {
            if (r.type != null && r.type != t)
                throw error(dstAt, "register '" + r + "' has type " + r.type + ", expected " + t);
            r.type = t;
            regTypeAt.remove(r.id);
        } else if (r.type != t) {
            throw error(dstAt, "register '" + r + "' has type " + r.type + " elsewhere, " + t + " here");
        }
        return r;
    }

    private void statement(BasicBlock b) {
        skip();
        dstReg = null;
        dstAt = pos;
        String rn = null;
        if (peek('%')) {
            rn = sigil('%', "a register");
            expect("=");
        }
        int opAt = skipAndPos();
        String op = word("an instruction");
        if (rn != null) dstReg = resultRegister(rn);
        boolean noDst = switch (op) {
            case "load", "store", "atomicrmw", "cmpxchg", "fence", "memcpy", "memset" -> memoryInstruction(b, op);
            case "call", "calli" -> {
                call(b, op);
                yield true;
            }
            case "br", "condbr", "switch", "ret" -> {
                b.terminator = terminator(op, opAt);
                yield true;
            }
            default -> valueInstruction(b, op, opAt);
        };
        if (noDst && dstReg != null && !(op.equals("call") || op.equals("calli")))
            throw error(dstAt, "'" + op + "' has no result");
    }

    /** The register {@code %rn} an instruction assigns, created (untyped) at its first mention. */
    private Reg resultRegister(String rn) {
        int[] id = new int[1];
        String hint = splitId(rn, dstAt, id);
        Reg r = regs.get(id[0]);
        if (r == null) {
            r = fn.regWithId(id[0], null, hint);
            regs.put(id[0], r);
            regTypeAt.put(id[0], dstAt);
        } else if (!java.util.Objects.equals(r.name, hint)) {
            throw error(dstAt, "register " + id[0] + " is named '" + r + "' elsewhere");
        }
        return r;
    }

    /** Arithmetic, conversions, comparisons, copies, addresses and the stack; true if it has no result. */
    private boolean valueInstruction(BasicBlock b, String op, int opAt) {
        Insn.BinOp bin = enumOf(Insn.BinOp.class, op);
        Insn.ConvOp conv = enumOf(Insn.ConvOp.class, op);
        Insn.UnOp un = enumOf(Insn.UnOp.class, op);
        boolean noDst = false;
        if (bin != null) {
            Value a = typedOperand();
            expect(",");
            if (a.type() == IrType.PTR && bin != Insn.BinOp.ADD && bin != Insn.BinOp.SUB)
                throw error(opAt, "'" + op + "' does not take pointers (only add and sub with an i64 offset)");
            Value c = operand(a.type() == IrType.PTR ? IrType.I64 : a.type());
            b.insns.add(new Insn.Binary(bin, dst(a.type()), a, c));
        } else if (un != null) {
            Value a = typedOperand();
            b.insns.add(new Insn.Unary(un, dst(a.type()), a));
        } else if (conv != null) {
            Value a = typedOperand();
            expectWord("to");
            IrType to = valueType();
            b.insns.add(new Insn.Convert(conv, dst(to), a));
        } else {
            switch (op) {
                case "cmp" -> {
                    int cat = skipAndPos();
                    Insn.CmpOp c = enumOf(Insn.CmpOp.class, word("a comparison"));
                    if (c == null) throw error(cat, "unknown comparison");
                    Value a = typedOperand();
                    expect(",");
                    Value v2 = operand(a.type());
                    b.insns.add(new Insn.Cmp(c, dst(IrType.I32), a, v2));
                }
                case "copy" -> {
                    Value a = typedOperand();
                    b.insns.add(new Insn.Copy(dst(a.type()), a));
                }
                case "slotaddr" -> {
                    int sat = skipAndPos();
                    String sn = sigil('$', "a slot");
                    int[] id = new int[1];
                    String hint = splitId(sn, sat, id);
                    Slot sl = slots.get(id[0]);
                    if (sl == null || !java.util.Objects.equals(sl.name, hint))
                        throw error(sat, "use of undeclared slot '$" + sn + "'");
                    b.insns.add(new Insn.SlotAddr(dst(IrType.PTR), sl));
                }
                case "addr" -> b.insns.add(new Insn.GlobalAddr(dst(IrType.PTR), symbol()));
                case "funcaddr" -> b.insns.add(new Insn.FuncAddr(dst(IrType.PTR), symbol()));
                case "alloca" -> {
                    Value size = typedOperand();
                    expect(",");
                    expectWord("align");
                    int align = (int) integer("an alignment");
                    b.insns.add(new Insn.Alloca(dst(IrType.PTR), size, align));
                }
                case "stacksave" -> b.insns.add(new Insn.StackSave(dst(IrType.PTR)));
                case "stackrestore" -> {
                    noDst = true;
                    b.insns.add(new Insn.StackRestore(operand(IrType.PTR)));
                }
                default -> throw error(opAt, "unknown instruction '" + op + "'");
            }
        }
        return noDst;
    }

    /** Loads, stores, atomics, fences and block copies; true if it has no result. */
    private boolean memoryInstruction(BasicBlock b, String op) {
        boolean noDst = false;
        switch (op) {
            case "load" -> {
                boolean atomic = acceptWord("atomic");
                boolean isVolatile = !atomic && acceptWord("volatile");
                IrType t = valueType();
                Value p = operand(IrType.PTR);
                b.insns.add(
                        atomic
                                ? new Insn.AtomicLoad(dst(t), p, ordering(), scope())
                                : new Insn.Load(dst(t), p, isVolatile));
            }
            case "store" -> {
                noDst = true;
                boolean atomic = acceptWord("atomic");
                Value v = typedOperand();
                expect(",");
                Value p = operand(IrType.PTR);
                b.insns.add(atomic ? new Insn.AtomicStore(v, p, ordering(), scope()) : new Insn.Store(v, p));
            }
            case "atomicrmw" -> {
                boolean reassoc = acceptWord("reassoc");
                int rat = skipAndPos();
                Insn.RmwOp r = enumOf(Insn.RmwOp.class, word("an atomicrmw operation"));
                if (r == null) throw error(rat, "unknown atomicrmw operation");
                Value v = typedOperand();
                expect(",");
                Value p = operand(IrType.PTR);
                b.insns.add(new Insn.AtomicRmw(r, dst(v.type()), p, v, ordering(), reassoc, scope()));
            }
            case "cmpxchg" -> {
                Value e = typedOperand();
                expect(",");
                Value d = operand(e.type());
                expect(",");
                Value p = operand(IrType.PTR);
                Insn.Ordering ok = ordering();
                Insn.Ordering bad = ordering();
                b.insns.add(new Insn.CmpXchg(dst(e.type()), p, e, d, ok, bad, scope()));
            }
            case "fence" -> {
                noDst = true;
                Insn.Ordering o = ordering();
                int sat = skipAndPos();
                Insn.Scope sc = enumOf(Insn.Scope.class, word("a scope"));
                if (sc == null) throw error(sat, "expected 'cgroup', 'device' or 'system'");
                b.insns.add(new Insn.Fence(o, sc));
            }
            case "memcpy" -> {
                noDst = true;
                Value d = operand(IrType.PTR);
                expect(",");
                Value src = operand(IrType.PTR);
                expect(",");
                b.insns.add(new Insn.MemCopy(d, src, typedOperand()));
            }
            case "memset" -> {
                noDst = true;
                Value d = operand(IrType.PTR);
                expect(",");
                Value v = typedOperand();
                expect(",");
                b.insns.add(new Insn.MemSet(d, v, typedOperand()));
            }
            default -> throw new IllegalStateException(op);
        }
        return noDst;
    }

    /** {@code call} and {@code calli}: the result register is optional, and a void call must have none. */
    private void call(BasicBlock b, String op) {
        int tat = skipAndPos();
        FuncType t = funcType();
        Value target = null;
        String callee = null;
        if (op.equals("call")) callee = symbol();
        else target = operand(IrType.PTR);
        expect("(");
        List<Value> args = new ArrayList<>();
        if (!accept(")")) {
            do args.add(typedOperand());
            while (accept(","));
            expect(")");
        }
        if (args.size() != t.argCount())
            throw error(tat, "call passes " + args.size() + " arguments to a function of type " + t);
        for (int i = 0; i < t.params().size(); i++)
            if (args.get(i).type() != t.params().get(i))
                throw error(
                        tat,
                        "argument " + (i + 1) + " has type " + args.get(i).type() + ", expected "
                                + t.params().get(i));
        if (t.variadic() && args.get(args.size() - 1).type() != IrType.PTR)
            throw error(tat, "the variadic area argument must be a ptr");
        String csig = peek('"') ? string() : null;
        Reg d = null;
        if (t.ret() == IrType.VOID) {
            if (dstReg != null) throw error(dstAt, "a void call has no result");
        } else if (dstReg != null) d = dst(t.ret());
        b.insns.add(
                callee != null
                        ? new Insn.Call(d, callee, t, args, csig)
                        : new Insn.CallIndirect(d, target, t, args, csig));
    }

    private Terminator terminator(String op, int opAt) {
        switch (op) {
            case "br" -> {
                return new Terminator.Br(blockRef());
            }
            case "condbr" -> {
                Value c = typedOperand();
                expect(",");
                BasicBlock t = blockRef();
                expect(",");
                return new Terminator.CondBr(c, t, blockRef());
            }
            case "switch" -> {
                Value v = typedOperand();
                expect(",");
                expectWord("default");
                BasicBlock d = blockRef();
                expect("[");
                List<Long> cases = new ArrayList<>();
                List<BasicBlock> targets = new ArrayList<>();
                if (!accept("]")) {
                    do {
                        int cat = skipAndPos();
                        long c = integer("a case value");
                        if (cases.contains(c)) throw error(cat, "duplicate case value " + c);
                        cases.add(c);
                        expect(":");
                        targets.add(blockRef());
                    } while (accept(","));
                    expect("]");
                }
                return new Terminator.Switch(v, d, cases, targets);
            }
            case "ret" -> {
                if (acceptWord("void")) {
                    if (fn.type.ret() != IrType.VOID)
                        throw error(opAt, "'ret void' in a function returning " + fn.type.ret());
                    return new Terminator.Ret(null);
                }
                int vat = skipAndPos();
                Value v = typedOperand();
                if (v.type() != fn.type.ret())
                    throw error(vat, "returning " + v.type() + " from a function returning " + fn.type.ret());
                return new Terminator.Ret(v);
            }
            default -> throw new IllegalStateException(op);
        }
    }

    /** An atomic access's scope after its ordering: device when none is written. */
    private Insn.Scope scope() {
        skipAndPos();
        if (acceptWord("system")) return Insn.Scope.SYSTEM;
        if (acceptWord("cgroup")) return Insn.Scope.CGROUP;
        acceptWord("device");
        return Insn.Scope.DEVICE;
    }

    private Insn.Ordering ordering() {
        int at = skipAndPos();
        Insn.Ordering o = enumOf(Insn.Ordering.class, word("a memory ordering"));
        if (o == null) throw error(at, "expected a memory ordering (monotonic, acquire, release, acq_rel, seq_cst)");
        return o;
    }

    /** Each enum's constants by their lower-case spelling: looked up three times per instruction, built once. */
    private static final ClassValue<Map<String, Object>> SPELLINGS = new ClassValue<>() {
        @Override
        protected Map<String, Object> computeValue(Class<?> c) {
            Map<String, Object> m = new HashMap<>();
            for (Object e : c.getEnumConstants()) m.put(((Enum<?>) e).name().toLowerCase(java.util.Locale.ROOT), e);
            return Map.copyOf(m);
        }
    };

    private static <E extends Enum<E>> E enumOf(Class<E> c, String spelling) {
        return c.cast(SPELLINGS.get(c).get(spelling));
    }
}
