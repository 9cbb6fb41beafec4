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
    enum ExprKind { DEVICE, IF, NUM_TEAMS, THREAD_LIMIT, NUM_THREADS, COLLAPSE, FINAL, PRIORITY, SAFELEN, SIMDLEN, ORDERED, FILTER, HINT, GRAINSIZE, NUM_TASKS }
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
    /**
     * map([modifiers,] [type:] list); type defaults to TOFROM. mappers: the declare mapper each
     * item uses (parallel to items, null entries for none; empty when no item has one);
     * iterator: the iterator modifier's iterators, or null.
     */
    record Map(MapType type, Set<OmpDirective.MapModifier> modifiers, List<OmpDirective.Item> items, boolean typeWritten, SourceLocation loc,
               List<UserMapper> mappers, Iterator iterator) implements OmpClause {
        public Map(MapType type, Set<OmpDirective.MapModifier> modifiers, List<OmpDirective.Item> items, boolean typeWritten, SourceLocation loc) {
            this(type, modifiers, items, typeWritten, loc, List.of(), null);
        }

        public UserMapper mapper(int i) { return mappers.isEmpty() ? null : mappers.get(i); }
    }

    /**
     * A motion clause of target update: to/from([present,] [mapper(id),] [iterator(...):] list), with
     * the declare mapper of each item as for map.
     */
    record Motion(boolean to, Set<OmpDirective.MapModifier> modifiers, List<OmpDirective.Item> items, SourceLocation loc,
                  List<UserMapper> mappers, Iterator iterator) implements OmpClause {
        public UserMapper mapper(int i) { return mappers.isEmpty() ? null : mappers.get(i); }
    }

    /**
     * The iterator modifier: {@code iterator([type] i = begin:end[:step], ...)}; each variable runs
     * from begin while below end (above, for a negative step), the list items evaluated for every
     * combination.
     */
    record Iterator(List<Var> vars, List<Expr> begins, List<Expr> ends, List<Expr> steps) {}

    /**
     * {@code #pragma omp declare mapper([name :] type var) map(...)...}: var stands for the list
     * item; maps are the mapper's map clauses (their items refer to var).
     */
    record UserMapper(String name, jomp.frontend.type.Type type, Var var, List<Map> maps, SourceLocation loc) {}

    /** A declare mapper directive's mapper (the directive's one clause, so the lowering knows the unit's mappers). */
    record DeclareMapper(UserMapper mapper, SourceLocation loc) implements OmpClause {}

    /** requires clauses (unified_address, unified_shared_memory, reverse_offload, dynamic_allocators, atomic_default_mem_order). */
    record Requires(Set<String> clauses, SourceLocation loc) implements OmpClause {}

    /** declare target's indirect[(expr)] (expr folded: true unless written false). */
    record Indirect(boolean on, SourceLocation loc) implements OmpClause {}

    /** interop's init/use/destroy clause: init([targetsync,] [target,] [prefer_type(...),] var), use(var), destroy(var). */
    record Interop(String action, Set<String> types, List<String> preferences, OmpDirective.Item item, SourceLocation loc) implements OmpClause {}
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
