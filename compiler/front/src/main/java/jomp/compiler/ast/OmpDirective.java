package jomp.compiler.ast;

import java.util.List;
import java.util.Set;
import jomp.compiler.diag.SourceLocation;

/**
 * A parsed {@code #pragma omp} directive. Combined and composite constructs are a list of leaf
 * constructs in order ("target teams distribute parallel for" = TARGET, TEAMS, DISTRIBUTE,
 * PARALLEL, FOR). For loop-associated directives the associated statement is a loop nest whose
 * {@code collapse} outer loops were checked to be in canonical form ({@link #loopDepth}).
 */
public record OmpDirective(
        String name,
        List<Leaf> leaves,
        List<OmpClause> clauses,
        AtomicKind atomic,
        String criticalName,
        int loopDepth,
        SourceLocation loc) {

    public enum Leaf {
        TARGET,
        TEAMS,
        DISTRIBUTE,
        PARALLEL,
        FOR,
        SIMD,
        LOOP,
        TARGET_DATA,
        TARGET_ENTER_DATA,
        TARGET_EXIT_DATA,
        TARGET_UPDATE,
        DECLARE_TARGET,
        BEGIN_DECLARE_TARGET,
        END_DECLARE_TARGET,
        DECLARE_REDUCTION,
        DECLARE_INDUCTION,
        DECLARE_MAPPER,
        INTEROP,
        DISPATCH,
        ATOMIC,
        CRITICAL,
        BARRIER,
        SINGLE,
        MASTER,
        MASKED,
        TASKWAIT,
        TASK,
        TASKGROUP,
        SECTIONS,
        SECTION,
        ORDERED,
        FLUSH,
        TASKYIELD,
        THREADPRIVATE,
        TASKLOOP,
        SCOPE,
        REQUIRES,
        DECLARE_SIMD,
        // OpenMP 5.x directives: cancellation, scan, depend objects, compile-time and
        // informational directives, variants, allocation, loop transformations
        CANCEL,
        CANCELLATION_POINT,
        SCAN,
        DEPOBJ,
        ERROR,
        NOTHING,
        ASSUME,
        ASSUMES,
        BEGIN_ASSUMES,
        END_ASSUMES,
        METADIRECTIVE,
        DECLARE_VARIANT,
        BEGIN_DECLARE_VARIANT,
        END_DECLARE_VARIANT,
        ALLOCATE,
        TILE,
        UNROLL,
        // OpenMP 6.0 directives
        GROUPPRIVATE,
        TASKGRAPH,
        REVERSE,
        INTERCHANGE,
        FUSE,
        SPLIT,
        STRIPE
    }

    /** atomic's kind (read, write, update, capture; update when none is written); null for other directives. */
    public enum AtomicKind {
        READ,
        WRITE,
        UPDATE,
        CAPTURE,
        COMPARE
    }

    public boolean has(Leaf l) {
        return leaves.contains(l);
    }

    /** Directives that take no associated statement. */
    public boolean isStandalone() {
        Leaf l = leaves.get(0);
        return l == Leaf.BARRIER
                || l == Leaf.TASKWAIT
                || l == Leaf.TARGET_ENTER_DATA
                || l == Leaf.TARGET_EXIT_DATA
                || l == Leaf.TARGET_UPDATE
                || l == Leaf.FLUSH
                || l == Leaf.TASKYIELD
                || l == Leaf.DECLARE_TARGET && clauses.stream().anyMatch(c -> !(c instanceof OmpClause.Flag))
                || l == Leaf.BEGIN_DECLARE_TARGET
                || l == Leaf.END_DECLARE_TARGET
                || l == Leaf.DECLARE_REDUCTION
                || l == Leaf.DECLARE_INDUCTION
                || l == Leaf.DECLARE_MAPPER
                || l == Leaf.INTEROP
                || l == Leaf.THREADPRIVATE
                || l == Leaf.GROUPPRIVATE
                || l == Leaf.REQUIRES
                || l == Leaf.DECLARE_SIMD
                || l == Leaf.CANCEL
                || l == Leaf.CANCELLATION_POINT
                || l == Leaf.SCAN
                || l == Leaf.DEPOBJ
                || l == Leaf.ERROR
                || l == Leaf.NOTHING
                || l == Leaf.ASSUMES
                || l == Leaf.BEGIN_ASSUMES
                || l == Leaf.END_ASSUMES
                || l == Leaf.DECLARE_VARIANT
                || l == Leaf.BEGIN_DECLARE_VARIANT
                || l == Leaf.END_DECLARE_VARIANT
                || l == Leaf.ALLOCATE
                || l == Leaf.ORDERED && clauses.stream().anyMatch(c -> c instanceof OmpClause.Doacross);
    }

    /** Loop-associated: for, simd, distribute, loop (alone or combined). */
    public boolean isLoop() {
        return has(Leaf.FOR)
                || has(Leaf.SIMD)
                || has(Leaf.DISTRIBUTE)
                || has(Leaf.LOOP)
                || has(Leaf.TASKLOOP)
                || has(Leaf.TILE)
                || has(Leaf.UNROLL)
                || has(Leaf.REVERSE)
                || has(Leaf.INTERCHANGE)
                || has(Leaf.SPLIT)
                || has(Leaf.STRIPE);
    }

    /** The loop transformations of OpenMP 5.1 and 6.0: they make loops, not regions. */
    public boolean isLoopTransformation() {
        Leaf l = leaves.get(0);
        return l == Leaf.TILE
                || l == Leaf.UNROLL
                || l == Leaf.REVERSE
                || l == Leaf.INTERCHANGE
                || l == Leaf.FUSE
                || l == Leaf.SPLIT
                || l == Leaf.STRIPE;
    }

    /** The clauses of one class, in source order. */
    @SuppressWarnings("unchecked")
    public <T extends OmpClause> List<T> clauses(Class<T> kind) {
        return (List<T>) clauses.stream().filter(kind::isInstance).toList();
    }

    /** The clauses of one class in a list, in order. */
    @SuppressWarnings("unchecked")
    public static <T extends OmpClause> List<T> clausesOf(List<OmpClause> cs, Class<T> kind) {
        return (List<T>) cs.stream().filter(kind::isInstance).toList();
    }

    /** Is a flag clause (nowait, untied, ...) present? */
    public boolean hasFlag(OmpClause.FlagKind k) {
        for (OmpClause c : clauses) if (c instanceof OmpClause.Flag f && f.kind() == k) return true;
        return false;
    }

    /**
     * A list item: a variable, a struct member access, or an array section {@code a[lo:len][..]};
     * text is the item as written, normalised as clang prints it (map names, LIBOMPTARGET_INFO).
     */
    public record Item(Var var, Expr expr, List<Section> sections, SourceLocation loc, String text) {
        public Item(Var var, Expr expr, List<Section> sections, SourceLocation loc) {
            this(var, expr, sections, loc, var == null ? "" : var.name);
        }
    }

    /**
     * {@code [lower:length[:stride]]}; lower null = 0, length null = up to the end of the array
     * dimension, stride null = 1; {@code [i]} is a section of length 1 with {@code single}.
     */
    public record Section(Expr lower, Expr length, boolean single, Expr stride) {
        public Section(Expr lower, Expr length, boolean single) {
            this(lower, length, single, null);
        }
    }

    /**
     * Modifiers in {@code map(always, close, present, ompx_hold, tofrom: ...)} and of motion clauses
     * ({@code present}); OpenMP 6.0 adds self (the device uses the original storage), delete (the
     * storage map type's removal) and ref_ptr, ref_ptee, ref_ptr_ptee (which of a pointer and
     * its pointee a pointer list item maps).
     */
    public enum MapModifier {
        ALWAYS,
        CLOSE,
        PRESENT,
        OMPX_HOLD,
        SELF,
        DELETE,
        REF_PTR,
        REF_PTEE,
        REF_PTR_PTEE,
        /** OpenMP 6.1's attach(always), attach(never) and attach(auto) (the default attachment). */
        ATTACH_ALWAYS,
        ATTACH_NEVER,
        ATTACH_AUTO
    }

    public static Set<MapModifier> noModifiers() {
        return Set.of();
    }
}
