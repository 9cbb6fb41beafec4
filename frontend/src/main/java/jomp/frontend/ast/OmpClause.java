package jomp.frontend.ast;

import java.util.List;
import java.util.Set;

import jomp.frontend.diag.SourceLocation;

/** OpenMP clauses, one record per shape. Expressions are checked C expressions in the directive's scope. */
public sealed interface OmpClause {
    SourceLocation loc();

    enum MapType { TO, FROM, TOFROM, ALLOC, RELEASE, DELETE }
    enum DependType { IN, OUT, INOUT, MUTEXINOUTSET, INOUTSET }
    enum ScheduleKind { STATIC, DYNAMIC, GUIDED, AUTO, RUNTIME }
    enum DefaultKind { SHARED, NONE, PRIVATE, FIRSTPRIVATE }
    /** Reduction operators: + * - & | ^ && || min max, or a user-declared reduction (identifier). */
    enum ReductionOp { ADD, MUL, SUB, BITAND, BITOR, BITXOR, LOGAND, LOGOR, MIN, MAX, USER }

    /** Clauses with one expression (value null for collapse-like clauses never). */
    enum ExprKind { DEVICE, IF, NUM_TEAMS, THREAD_LIMIT, NUM_THREADS, COLLAPSE, FINAL, PRIORITY, SAFELEN, SIMDLEN, ORDERED, FILTER, HINT }
    /** Clauses with a variable list. */
    enum ListKind {
        PRIVATE, FIRSTPRIVATE, LASTPRIVATE, SHARED, IS_DEVICE_PTR, USE_DEVICE_PTR, USE_DEVICE_ADDR, HAS_DEVICE_ADDR,
        TO, FROM, LINK, ENTER, COPYIN, COPYPRIVATE, ALIGNED, NONTEMPORAL, LINEAR, FLUSH, THREADPRIVATE
    }
    /** Clauses without arguments. */
    enum FlagKind { NOWAIT, UNTIED, MERGEABLE, NOGROUP, SEQ_CST, ACQ_REL, RELEASE, ACQUIRE, RELAXED, INBRANCH, NOTINBRANCH, ORDERED, READ, WRITE, UPDATE, CAPTURE, COMPARE }

    /** device(e), if([modifier:] e), num_teams(e), collapse(n) (value = folded constant as IntLit), ... */
    record ExprClause(ExprKind kind, Expr value, String modifier, SourceLocation loc) implements OmpClause {}
    record ListClause(ListKind kind, List<OmpDirective.Item> items, SourceLocation loc) implements OmpClause {}
    /** map([modifiers,] [type:] list); type defaults to TOFROM. mapper is the mapper identifier or null. */
    record Map(MapType type, Set<OmpDirective.MapModifier> modifiers, List<OmpDirective.Item> items, boolean typeWritten, SourceLocation loc) implements OmpClause {}
    record Depend(DependType type, List<OmpDirective.Item> items, SourceLocation loc) implements OmpClause {}
    /**
     * reduction([modifier,] op: list); identifier is the user reduction's name for USER, and
     * {@code users} the declare reduction each item uses (parallel to items; empty for built-in ops).
     */
    record Reduction(ReductionOp op, String identifier, List<OmpDirective.Item> items, String modifier, SourceLocation loc,
                     List<UserReduction> users) implements OmpClause {
        public Reduction(ReductionOp op, String identifier, List<OmpDirective.Item> items, String modifier, SourceLocation loc) {
            this(op, identifier, items, modifier, loc, List.of());
        }
    }

    /**
     * {@code #pragma omp declare reduction(name : type : combiner) initializer(init)} for one type:
     * the combiner is checked with omp_out and omp_in declared as variables of the type, the
     * initializer (null: the private copy starts zeroed) with omp_priv and omp_orig.
     */
    record UserReduction(String name, jomp.frontend.type.Type type, Var out, Var in, Expr combiner,
                         Var priv, Var orig, Expr initializer, SourceLocation loc) {}
    record Schedule(ScheduleKind kind, Expr chunk, List<String> modifiers, SourceLocation loc) implements OmpClause {}
    record DistSchedule(Expr chunk, SourceLocation loc) implements OmpClause {}
    /** defaultmap(behavior[:category]); category null = all. Words as written: "tofrom", "scalar". */
    record Defaultmap(String behavior, String category, SourceLocation loc) implements OmpClause {}
    record Default(DefaultKind kind, SourceLocation loc) implements OmpClause {}
    record Proc(String kind, SourceLocation loc) implements OmpClause {}
    record Flag(FlagKind kind, SourceLocation loc) implements OmpClause {}
    /** device_type(host|nohost|any) of declare target. */
    record DeviceType(String kind, SourceLocation loc) implements OmpClause {}
}
