package jomp.compiler.ir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.opt.Fold;

/**
 * A test-only interpreter for jomp IR: the oracle for the lowering before (and besides) the JVM
 * backend. Memory is one little-endian byte array: globals from 0x10000, a bump heap after them,
 * the stack growing down from the top. Function pointers are small handles (0x1000 + index).
 * Arithmetic goes through {@link Fold}, so it has the JVM's semantics. A few C library functions
 * are built in (printf with the common conversions, putchar, puts, malloc, calloc, free, strlen,
 * strcmp, memcpy, memset, abs, exit, sqrt, fabs), following abi.md's calling convention.
 */
public final class IrInterpreter {
    public record Result(String stdout, int exitCode) {}

    private static final class Exit extends RuntimeException {
        final int code;

        Exit(int code) {
            super(null, null, false, false);
            this.code = code;
        }
    }

    private final ByteBuffer mem;
    private final Map<String, Function> functions = new HashMap<>();
    private final List<Function> handles = new ArrayList<>();
    private final Map<String, Long> symbols = new HashMap<>();
    private final StringBuilder out = new StringBuilder();
    private long heap;
    private long sp;
    private long steps;

    private IrInterpreter(List<Module> modules, int memSize) {
        mem = ByteBuffer.wrap(new byte[memSize]).order(ByteOrder.LITTLE_ENDIAN);
        long at = 0x10000;
        for (Module m : modules) {
            for (Function f : m.functions) {
                functions.put(f.name, f);
                handles.add(f);
                symbols.put(f.name, 0x1000L + handles.size() - 1);
            }
            for (Global g : m.globals) {
                at = align(at, Math.max(g.align, 1));
                symbols.put(g.name, at);
                if (g.data != null) mem.put((int) at, g.data);
                at += Math.max(g.size, 1);
            }
        }
        for (String builtin : List.of(
                "printf", "putchar", "puts", "malloc", "calloc", "free", "strlen", "strcmp", "memcpy", "memset", "abs",
                "exit", "sqrt", "fabs"))
            if (!symbols.containsKey(builtin)) symbols.put(builtin, 0x800L + builtin.hashCode() % 0x700);
        for (Module m : modules)
            for (Global g : m.globals)
                for (Global.Reloc r : g.relocs) {
                    Long target = symbols.get(r.symbol());
                    if (target == null) throw new IllegalStateException("undefined reference to '" + r.symbol() + "'");
                    mem.putLong((int) (symbols.get(g.name) + r.offset()), target + r.addend());
                }
        heap = align(at, 16);
        sp = memSize;
    }

    private static long align(long v, long a) {
        return (v + a - 1) / a * a;
    }

    /** Runs main(argc, argv) of the linked modules; argv[0] is "prog". */
    public static Result run(List<Module> modules) {
        return new IrInterpreter(modules, 8 << 20).runMain();
    }

    private Result runMain() {
        IrInterpreter in = this;
        Function main = in.functions.get("main");
        if (main == null) throw new IllegalStateException("no main");
        int code;
        try {
            List<Long> args = new ArrayList<>();
            if (main.params.size() >= 2) {
                long s = in.malloc(5);
                in.mem.put((int) s, "prog\0".getBytes(StandardCharsets.US_ASCII));
                long argv = in.malloc(16);
                in.mem.putLong((int) argv, s);
                in.mem.putLong((int) argv + 8, 0);
                args.add(1L);
                args.add(argv);
            }
            long r = in.call(main, args);
            code = main.type.ret() == IrType.VOID ? 0 : (int) r;
        } catch (Exit e) {
            code = e.code;
        }
        return new Result(in.out.toString(), code & 0xFF);
    }

    public static Result run(Module m) {
        return run(List.of(m));
    }

    /** Extra external functions for a test: name and raw arguments to the result. */
    public interface Externs {
        Long call(String name, List<Long> args);
    }

    private Externs externs = (n, a) -> null;

    public static Result run(List<Module> modules, Externs externs) {
        IrInterpreter in = new IrInterpreter(modules, 8 << 20);
        in.externs = externs;
        return in.runMain();
    }

    private long malloc(long n) {
        long p = heap;
        heap = align(heap + Math.max(n, 1), 16);
        if (heap > sp - (1 << 20)) throw new IllegalStateException("interpreter heap exhausted");
        return p;
    }

    // Registers hold integers sign-extended to 64 bits and floats as the bits of a double.
    private static Value toValue(IrType t, long bits) {
        return t.isFloat() ? new FloatConst(t, Double.longBitsToDouble(bits)) : new IntConst(t, bits);
    }

    private static long toBits(Value v) {
        return switch (v) {
            case IntConst c -> c.value();
            case FloatConst c -> Double.doubleToRawLongBits(c.value());
            case Reg r -> throw new IllegalStateException();
        };
    }

    private long call(Function f, List<Long> args) {
        long[] regs = new long[f.regCount()];
        for (int i = 0; i < f.params.size(); i++) regs[f.params.get(i).id] = args.get(i);
        if (f.vaArea != null) regs[f.vaArea.id] = args.get(f.params.size());
        long savedSp = sp;
        long[] slotAddr =
                new long[f.slots.stream().mapToInt(s -> s.id + 1).max().orElse(0)];
        for (Slot s : f.slots) {
            sp = (sp - Math.max(s.size, 1)) & -Math.max(s.align, 1);
            slotAddr[s.id] = sp;
        }
        if (sp < heap + 4096) throw new IllegalStateException("interpreter stack overflow");
        BasicBlock b = f.entry();
        try {
            while (true) {
                for (Insn i : b.insns) exec(i, regs, slotAddr);
                if (++steps > 200_000_000) throw new IllegalStateException("interpreter step limit");
                switch (b.terminator) {
                    case Terminator.Br br -> b = br.target();
                    case Terminator.CondBr c -> b = get(regs, c.cond()) != 0 ? c.ifTrue() : c.ifFalse();
                    case Terminator.Switch s -> {
                        int k = s.cases().indexOf(get(regs, s.value()));
                        b = k >= 0 ? s.targets().get(k) : s.defaultTarget();
                    }
                    case Terminator.Ret r -> {
                        return r.value() == null ? 0 : get(regs, r.value());
                    }
                    case null -> throw new IllegalStateException("block " + b.name + " has no terminator");
                }
            }
        } finally {
            sp = savedSp;
        }
    }

    private static long get(long[] regs, Value v) {
        return v instanceof Reg r ? regs[r.id] : toBits(v);
    }

    private Value val(long[] regs, Value v) {
        return v instanceof Reg r ? toValue(r.type, regs[r.id]) : v;
    }

    private void exec(Insn insn, long[] regs, long[] slotAddr) {
        switch (insn) {
            case Insn.Binary b -> {
                Value a = val(regs, b.a()), c = val(regs, b.b());
                if (a.type() == IrType.PTR) c = new IntConst(IrType.PTR, toBits(c));
                Value r = Fold.binary(b.op(), a, c);
                if (r == null) throw new IllegalStateException("division by zero");
                regs[b.dst().id] = toBits(r);
            }
            case Insn.Unary u -> regs[u.dst().id] = toBits(Fold.unary(u.op(), val(regs, u.a())));
            case Insn.Cmp c -> regs[c.dst().id] = toBits(Fold.cmp(c.op(), val(regs, c.a()), val(regs, c.b())));
            case Insn.Convert c -> {
                Value r = Fold.convert(c.op(), val(regs, c.src()), c.dst().type());
                if (r == null) throw new IllegalStateException("undefined conversion of " + val(regs, c.src()));
                regs[c.dst().id] = toBits(r);
            }
            case Insn.Copy c -> regs[c.dst().id] = get(regs, c.src());
            case Insn.Load l -> regs[l.dst().id] = load(l.dst().type(), get(regs, l.addr()));
            case Insn.Store s -> store(s.value().type(), get(regs, s.addr()), get(regs, s.value()));
            case Insn.SlotAddr s -> regs[s.dst().id] = slotAddr[s.slot().id];
            case Insn.GlobalAddr g -> regs[g.dst().id] = symbol(g.symbol());
            case Insn.FuncAddr g -> regs[g.dst().id] = symbol(g.symbol());
            case Insn.Alloca a -> {
                sp = (sp - Math.max(get(regs, a.size()), 1)) & -Math.max(a.align(), 1);
                if (sp < heap + 4096) throw new IllegalStateException("interpreter stack overflow");
                regs[a.dst().id] = sp;
            }
            case Insn.StackSave s -> regs[s.dst().id] = sp;
            case Insn.StackRestore s -> sp = get(regs, s.saved());
            case Insn.MemCopy m -> copy(get(regs, m.dstAddr()), get(regs, m.srcAddr()), get(regs, m.size()));
            case Insn.MemSet m -> fill(get(regs, m.dstAddr()), (byte) get(regs, m.value()), get(regs, m.size()));
            case Insn.Call c -> {
                long r = callByName(c.callee(), args(regs, c.args()));
                if (c.dst() != null) regs[c.dst().id] = r;
            }
            case Insn.CallIndirect c -> {
                long r = callPointer(get(regs, c.target()), args(regs, c.args()));
                if (c.dst() != null) regs[c.dst().id] = r;
            }
            // one thread: atomics are their plain meaning
            case Insn.AtomicLoad l -> regs[l.dst().id] = load(l.dst().type(), get(regs, l.addr()));
            case Insn.AtomicStore s -> store(s.value().type(), get(regs, s.addr()), get(regs, s.value()));
            case Insn.Fence fe -> {}
            case Insn.CmpXchg x -> {
                long p = get(regs, x.addr()), old = load(x.dst().type(), p);
                if (old == get(regs, x.expected())) store(x.dst().type(), p, get(regs, x.desired()));
                regs[x.dst().id] = old;
            }
            case Insn.AtomicRmw a -> {
                IrType t = a.dst().type();
                long p = get(regs, a.addr()), old = load(t, p), v = get(regs, a.value());
                Value ov = toValue(t, old), vv = toValue(t, v);
                long nv = switch (a.op()) {
                    case XCHG -> v;
                    case ADD, FADD -> toBits(Fold.binary(Insn.BinOp.ADD, ov, vv));
                    case SUB, FSUB -> toBits(Fold.binary(Insn.BinOp.SUB, ov, vv));
                    case AND -> old & v;
                    case OR -> old | v;
                    case XOR -> old ^ v;
                    case MAX -> t == IrType.I32 ? Math.max((int) old, (int) v) : Math.max(old, v);
                    case MIN -> t == IrType.I32 ? Math.min((int) old, (int) v) : Math.min(old, v);
                    case UMAX ->
                        (t == IrType.I32 ? Integer.compareUnsigned((int) old, (int) v) : Long.compareUnsigned(old, v))
                                        >= 0
                                ? old
                                : v;
                    case UMIN ->
                        (t == IrType.I32 ? Integer.compareUnsigned((int) old, (int) v) : Long.compareUnsigned(old, v))
                                        <= 0
                                ? old
                                : v;
                };
                store(t, p, nv);
                regs[a.dst().id] = old;
            }
        }
    }

    private long callPointer(long h, List<Long> args) {
        if (h >= 0x1000 && h - 0x1000 < handles.size()) return call(handles.get((int) (h - 0x1000)), args);
        String name = symbols.entrySet().stream()
                .filter(e -> e.getValue() == h)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("call through bad function pointer " + h));
        return callByName(name, args);
    }

    // A one-thread OpenMP runtime (docs/design/offload-abi.md): regions run in the calling thread,
    // teams one after another, loops in one chunk, target regions on the host (fallback).
    private int team, teams = 1;
    private long loopLo, loopHi, distLo, distHi, distChunk;
    private boolean loopGiven;

    private Long openmp(String name, List<Long> a) {
        return switch (name) {
            case "__jomp_fork" -> {
                call2(a.get(0), 0, a.get(2));
                yield 0L;
            }
            case "__jomp_teams" -> {
                int n = (int) (long) a.get(1) <= 0 ? 1 : (int) (long) a.get(1);
                int oldTeam = team, oldTeams = teams;
                teams = n;
                for (team = 0; team < n; team++) call2(a.get(0), team, a.get(3));
                team = oldTeam;
                teams = oldTeams;
                yield 0L;
            }
            case "__jomp_distribute" -> {
                long lo = a.get(0), hi = a.get(1), chunk = a.get(2), trips = hi - lo + 1;
                distLo = lo;
                distHi = hi;
                distChunk = chunk;
                long first, count;
                if (chunk <= 0) {
                    long q = trips / teams, r = trips % teams;
                    first = team * q + Math.min(team, r);
                    count = q + (team < r ? 1 : 0);
                } else {
                    first = team * chunk;
                    count = Math.min(chunk, trips - first);
                }
                if (count <= 0) yield 0L;
                store(IrType.I64, a.get(3), lo + first);
                store(IrType.I64, a.get(3) + 8, lo + first + count - 1);
                yield 1L;
            }
            case "__jomp_distribute_next" -> {
                long first = load(IrType.I64, a.get(0)) - distLo + teams * distChunk, trips = distHi - distLo + 1;
                if (distChunk <= 0 || first >= trips) yield 0L;
                store(IrType.I64, a.get(0), distLo + first);
                store(IrType.I64, a.get(0) + 8, distLo + Math.min(first + distChunk, trips) - 1);
                yield 1L;
            }
            case "__jomp_loop_init" -> {
                loopLo = a.get(1);
                loopHi = a.get(2);
                loopGiven = false;
                yield 0L;
            }
            case "__jomp_loop_next" -> {
                boolean more = !loopGiven && loopLo <= loopHi;
                loopGiven = true;
                yield more ? 1L : 0L;
            }
            case "__jomp_loop_stride" -> 0L;
            case "__jomp_loop_lower" -> loopLo;
            case "__jomp_loop_upper" -> loopHi;
            case "__jomp_barrier",
                    "__jomp_reduce_enter",
                    "__jomp_reduce_exit",
                    "__jomp_critical_enter",
                    "__jomp_critical_exit",
                    "__jomp_atomic_enter",
                    "__jomp_atomic_exit",
                    "__jomp_taskwait",
                    "__jomp_taskgroup_begin",
                    "__jomp_taskgroup_end",
                    "__jomp_target_data_group_begin",
                    "__jomp_target_data_group_end",
                    "__jomp_ompt",
                    "__jomp_copyprivate_publish",
                    "__jomp_copyprivate_get",
                    "__jomp_target_fallback_done",
                    "__jomp_ordered_loop",
                    "__jomp_ordered_enter",
                    "__jomp_ordered_exit",
                    "__jomp_ordered_end",
                    "__tgt_target_data_begin_mapper",
                    "__tgt_target_data_end_mapper",
                    "__tgt_target_data_update_mapper" -> 0L;
            case "__jomp_single", "__jomp_master" -> 1L;
            case "__jomp_masked" -> a.get(0) == 0 ? 1L : 0L;
            case "__tgt_target_kernel" -> 1L;
            case "__jomp_target_translate" -> a.get(1);
            // one thread: its thread-local copy may as well be the variable itself
            case "__jomp_threadprivate" -> a.get(0);
            case "__jomp_copyin" -> 0L;
            case "omp_get_num_threads", "omp_get_max_threads" -> 1L;
            case "omp_get_thread_num" -> 0L;
            case "omp_get_team_num" -> (long) team;
            case "omp_get_num_teams" -> (long) teams;
            default -> null;
        };
    }

    private void call2(long fn, int first, long args) {
        callPointer(fn, List.of((long) first, args));
    }

    private long symbol(String s) {
        Long a = symbols.get(s);
        if (a == null) throw new IllegalStateException("undefined reference to '" + s + "'");
        return a;
    }

    private List<Long> args(long[] regs, List<Value> args) {
        List<Long> l = new ArrayList<>(args.size());
        for (Value v : args) l.add(get(regs, v));
        return l;
    }

    private void check(long addr, long n) {
        if (addr < 0x1000 || addr + n > mem.capacity()) throw new IllegalStateException("bad memory access at " + addr);
    }

    private long load(IrType t, long a) {
        check(a, t.size);
        int p = (int) a;
        return switch (t) {
            case I8 -> mem.get(p);
            case I16 -> mem.getShort(p);
            case I32 -> mem.getInt(p);
            case I64, PTR -> mem.getLong(p);
            case F32 -> Double.doubleToRawLongBits(mem.getFloat(p));
            case F64 -> mem.getLong(p);
            case VOID -> throw new IllegalStateException();
        };
    }

    private void store(IrType t, long a, long v) {
        check(a, t.size);
        int p = (int) a;
        switch (t) {
            case I8 -> mem.put(p, (byte) v);
            case I16 -> mem.putShort(p, (short) v);
            case I32 -> mem.putInt(p, (int) v);
            case I64, PTR, F64 -> mem.putLong(p, v);
            case F32 -> mem.putFloat(p, (float) Double.longBitsToDouble(v));
            case VOID -> throw new IllegalStateException();
        }
    }

    private void copy(long d, long s, long n) {
        if (n == 0) return;
        check(d, n);
        check(s, n);
        System.arraycopy(mem.array(), (int) s, mem.array(), (int) d, (int) n);
    }

    private void fill(long d, byte v, long n) {
        if (n == 0) return;
        check(d, n);
        java.util.Arrays.fill(mem.array(), (int) d, (int) (d + n), v);
    }

    private String cstring(long a) {
        StringBuilder sb = new StringBuilder();
        for (long p = a; ; p++) {
            check(p, 1);
            byte c = mem.get((int) p);
            if (c == 0) return sb.toString();
            sb.append((char) (c & 0xFF));
        }
    }

    private long callByName(String name, List<Long> a) {
        Function f = functions.get(name);
        if (f != null) return call(f, a);
        Long ext = externs.call(name, a);
        if (ext != null) return ext;
        Long omp = openmp(name, a);
        if (omp != null) return omp;
        return switch (name) {
            case "printf" -> {
                String s = Printf.format(cstring(a.get(0)), a.get(1), this::load, this::cstring);
                out.append(s);
                yield s.length();
            }
            case "putchar" -> {
                out.append((char) (a.get(0) & 0xFF));
                yield a.get(0) & 0xFF;
            }
            case "puts" -> {
                out.append(cstring(a.get(0))).append('\n');
                yield 0;
            }
            case "malloc" -> malloc(a.get(0));
            case "calloc" -> {
                long p = malloc(a.get(0) * a.get(1));
                fill(p, (byte) 0, a.get(0) * a.get(1));
                yield p;
            }
            case "free" -> 0;
            case "strlen" -> cstring(a.get(0)).length();
            case "strcmp" -> Integer.signum(cstring(a.get(0)).compareTo(cstring(a.get(1))));
            case "memcpy" -> {
                copy(a.get(0), a.get(1), a.get(2));
                yield a.get(0);
            }
            case "memset" -> {
                fill(a.get(0), (byte) (long) a.get(1), a.get(2));
                yield a.get(0);
            }
            case "abs" -> Math.abs((int) (long) a.get(0));
            case "sqrt" -> Double.doubleToRawLongBits(Math.sqrt(Double.longBitsToDouble(a.get(0))));
            case "fabs" -> Double.doubleToRawLongBits(Math.abs(Double.longBitsToDouble(a.get(0))));
            case "exit" -> throw new Exit((int) (long) a.get(0));
            default -> throw new IllegalStateException("undefined reference to '" + name + "'");
        };
    }

    /** C's printf over abi.md's variadic area (8-byte slots). */
    static final class Printf {
        interface Loader {
            long load(IrType t, long addr);
        }

        interface Strings {
            String at(long addr);
        }

        static String format(String fmt, long va, Loader mem, Strings str) {
            StringBuilder sb = new StringBuilder();
            long slot = va;
            for (int i = 0; i < fmt.length(); i++) {
                char c = fmt.charAt(i);
                if (c != '%') {
                    sb.append(c);
                    continue;
                }
                int j = i + 1;
                StringBuilder flags = new StringBuilder();
                while (j < fmt.length() && "-+ #0".indexOf(fmt.charAt(j)) >= 0) flags.append(fmt.charAt(j++));
                int width = -1, prec = -1;
                if (j < fmt.length() && fmt.charAt(j) == '*') {
                    width = (int) mem.load(IrType.I32, slot);
                    slot += 8;
                    j++;
                } else {
                    int w = 0;
                    boolean any = false;
                    while (Character.isDigit(fmt.charAt(j))) {
                        w = w * 10 + fmt.charAt(j++) - '0';
                        any = true;
                    }
                    if (any) width = w;
                }
                if (fmt.charAt(j) == '.') {
                    j++;
                    if (fmt.charAt(j) == '*') {
                        prec = (int) mem.load(IrType.I32, slot);
                        slot += 8;
                        j++;
                    } else {
                        prec = 0;
                        while (Character.isDigit(fmt.charAt(j))) prec = prec * 10 + fmt.charAt(j++) - '0';
                    }
                }
                String len = "";
                while ("hlzjt".indexOf(fmt.charAt(j)) >= 0) len += fmt.charAt(j++);
                char conv = fmt.charAt(j);
                i = j;
                if (width < 0 && flags.indexOf("-") < 0 && width != -1) {
                    flags.append('-');
                    width = -width;
                }
                String body;
                boolean wide = len.startsWith("l") || len.equals("z") || len.equals("j") || len.equals("t");
                switch (conv) {
                    case '%' -> {
                        sb.append('%');
                        continue;
                    }
                    case 'd', 'i' -> {
                        long v = wide ? mem.load(IrType.I64, slot) : mem.load(IrType.I32, slot);
                        if (len.equals("h")) v = (short) v;
                        else if (len.equals("hh")) v = (byte) v;
                        slot += 8;
                        body = intDigits(
                                Long.toString(Math.abs(v)).replace("-", ""),
                                prec,
                                v == Long.MIN_VALUE ? "9223372036854775808" : null);
                        String sign = v < 0 ? "-" : flags.indexOf("+") >= 0 ? "+" : flags.indexOf(" ") >= 0 ? " " : "";
                        body = sign + body;
                    }
                    case 'u', 'x', 'X', 'o' -> {
                        long v = wide ? mem.load(IrType.I64, slot) : mem.load(IrType.I32, slot) & 0xFFFFFFFFL;
                        if (len.equals("h")) v &= 0xFFFF;
                        else if (len.equals("hh")) v &= 0xFF;
                        slot += 8;
                        String d = conv == 'u'
                                ? Long.toUnsignedString(v)
                                : conv == 'o' ? Long.toOctalString(v) : Long.toHexString(v);
                        if (conv == 'X') d = d.toUpperCase();
                        body = intDigits(d, prec, null);
                        if (flags.indexOf("#") >= 0 && v != 0 && conv != 'u')
                            body = (conv == 'o' ? "0" : conv == 'x' ? "0x" : "0X") + body;
                    }
                    case 'c' -> {
                        body = String.valueOf((char) (mem.load(IrType.I32, slot) & 0xFF));
                        slot += 8;
                    }
                    case 's' -> {
                        String s = str.at(mem.load(IrType.PTR, slot));
                        slot += 8;
                        body = prec >= 0 && prec < s.length() ? s.substring(0, prec) : s;
                    }
                    case 'p' -> {
                        body = "0x" + Long.toHexString(mem.load(IrType.PTR, slot));
                        slot += 8;
                    }
                    case 'f', 'e', 'g', 'F', 'E', 'G' -> {
                        double v = Double.longBitsToDouble(mem.load(IrType.I64, slot));
                        slot += 8;
                        body = floating(v, Character.toLowerCase(conv), prec < 0 ? 6 : prec, flags.indexOf("#") >= 0);
                        if (Character.isUpperCase(conv)) body = body.toUpperCase();
                        if (!body.startsWith("-"))
                            body = (flags.indexOf("+") >= 0 ? "+" : flags.indexOf(" ") >= 0 ? " " : "") + body;
                    }
                    default ->
                        throw new IllegalStateException(
                                "printf conversion %" + conv + " not supported by the test interpreter");
                }
                if (body.length() < width) {
                    String pad = " ".repeat(width - body.length());
                    if (flags.indexOf("-") >= 0) body = body + pad;
                    else if (flags.indexOf("0") >= 0
                            && (prec < 0 || "feg".indexOf(Character.toLowerCase(conv)) >= 0)
                            && conv != 's'
                            && conv != 'c') {
                        int signLen = body.startsWith("-") || body.startsWith("+") || body.startsWith(" ")
                                ? 1
                                : body.startsWith("0x") || body.startsWith("0X") ? 2 : 0;
                        body = body.substring(0, signLen) + "0".repeat(width - body.length()) + body.substring(signLen);
                    } else body = pad + body;
                }
                sb.append(body);
            }
            return sb.toString();
        }

        private static String intDigits(String d, int prec, String override) {
            if (override != null) d = override;
            if (prec == 0 && d.equals("0")) return "";
            while (prec > d.length()) d = "0" + d;
            return d;
        }

        private static String floating(double v, char conv, int prec, boolean alt) {
            if (Double.isNaN(v)) return (Double.doubleToRawLongBits(v) < 0 ? "-" : "") + "nan";
            if (Double.isInfinite(v)) return v < 0 ? "-inf" : "inf";
            java.math.BigDecimal bd = new java.math.BigDecimal(v);
            switch (conv) {
                case 'f' -> {
                    String s =
                            bd.setScale(prec, java.math.RoundingMode.HALF_EVEN).toPlainString();
                    if (v == 0 && 1 / v < 0) s = "-" + s;
                    return alt && prec == 0 ? s + "." : s;
                }
                case 'e' -> {
                    return exp(v, bd, prec, alt);
                }
                default -> {
                    int p = prec == 0 ? 1 : prec;
                    if (v == 0) {
                        String s = alt ? floating(v, 'f', p - 1, true) : (1 / v < 0 ? "-0" : "0");
                        return s;
                    }
                    String e = exp(v, bd, p - 1, false);
                    int x = Integer.parseInt(e.substring(e.indexOf('e') + 1));
                    String s = p > x && x >= -4 ? floating(v, 'f', p - 1 - x, alt) : exp(v, bd, p - 1, alt);
                    if (!alt) {
                        int ePos = s.indexOf('e');
                        String mant = ePos < 0 ? s : s.substring(0, ePos), tail = ePos < 0 ? "" : s.substring(ePos);
                        if (mant.contains("."))
                            mant = mant.replaceAll("0+$", "").replaceAll("\\.$", "");
                        s = mant + tail;
                    }
                    return s;
                }
            }
        }

        private static String exp(double v, java.math.BigDecimal bd, int prec, boolean alt) {
            if (v == 0)
                return (1 / v < 0 ? "-" : "") + (prec == 0 ? "0" + (alt ? "." : "") : "0." + "0".repeat(prec)) + "e+00";
            java.math.BigDecimal r = bd.round(new java.math.MathContext(prec + 1, java.math.RoundingMode.HALF_EVEN));
            int x = r.precision() - r.scale() - 1;
            String digits = r.unscaledValue().abs().toString();
            while (digits.length() < prec + 1) digits += "0";
            digits = digits.substring(0, prec + 1);
            String m = digits.charAt(0) + (prec > 0 ? "." + digits.substring(1) : alt ? "." : "");
            return (v < 0 ? "-" : "") + m + "e" + (x < 0 ? "-" : "+") + (Math.abs(x) < 10 ? "0" : "") + Math.abs(x);
        }
    }
}
