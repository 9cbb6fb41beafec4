package jomp.compiler.ast;

import java.util.List;
import java.util.Set;
import jomp.compiler.diag.SourceLocation;

/** OpenMP clauses, one record per shape. Expressions are checked C expressions in the directive's scope. */
public sealed interface OmpClause {
    SourceLocation loc();

    enum MapType {
        TO,
        FROM,
        TOFROM,
        ALLOC,
        RELEASE,
        DELETE
    }

    enum DependType {
        IN,
        OUT,
        INOUT,
        MUTEXINOUTSET,
        INOUTSET,
        DEPOBJ
    }

    enum ScheduleKind {
        STATIC,
        DYNAMIC,
        GUIDED,
        AUTO,
        RUNTIME
    }

    enum DefaultKind {
        SHARED,
        NONE,
        PRIVATE,
        FIRSTPRIVATE
    }
    /** Reduction operators: + * - & | ^ && || min max, or a user-declared reduction (identifier). */
    enum ReductionOp {
        ADD,
        MUL,
        SUB,
        BITAND,
        BITOR,
        BITXOR,
        LOGAND,
        LOGOR,
        MIN,
        MAX,
        USER
    }

    /** Clauses with one expression (value null for collapse-like clauses never). */
    enum ExprKind {
        DEVICE,
        IF,
        NUM_TEAMS,
        THREAD_LIMIT,
        NUM_THREADS,
        COLLAPSE,
        FINAL,
        PRIORITY,
        SAFELEN,
        SIMDLEN,
        ORDERED,
        FILTER,
        HINT,
        GRAINSIZE,
        NUM_TASKS,
        ALLOCATOR,
        ALIGN,
        PARTIAL,
        HOLDS,
        MESSAGE,
        NOVARIANTS,
        NOCONTEXT,
        OMPX_DYN_CGROUP_MEM,
        /** nowait(e) of OpenMP 6.0 whose argument is not a constant: the construct waits or not as e says when it runs */
        NOWAIT,
        /** OpenMP 6.0: taskgraph's graph_id and graph_reset, task's replayable and transparent */
        GRAPH_ID,
        GRAPH_RESET,
        REPLAYABLE,
        TRANSPARENT
    }
    /** Clauses with a variable list. */
    enum ListKind {
        PRIVATE,
        FIRSTPRIVATE,
        LASTPRIVATE,
        SHARED,
        IS_DEVICE_PTR,
        USE_DEVICE_PTR,
        USE_DEVICE_ADDR,
        HAS_DEVICE_ADDR,
        TO,
        FROM,
        LINK,
        ENTER,
        COPYIN,
        COPYPRIVATE,
        ALIGNED,
        NONTEMPORAL,
        LINEAR,
        FLUSH,
        THREADPRIVATE,
        GROUPPRIVATE,
        INCLUSIVE,
        EXCLUSIVE,
        UNIFORM,
        AFFINITY,
        DEPOBJ,
        ALLOCATE
    }
    /** Clauses without arguments. */
    enum FlagKind {
        NOWAIT,
        UNTIED,
        MERGEABLE,
        NOGROUP,
        SEQ_CST,
        ACQ_REL,
        RELEASE,
        ACQUIRE,
        RELAXED,
        INBRANCH,
        NOTINBRANCH,
        ORDERED,
        READ,
        WRITE,
        UPDATE,
        CAPTURE,
        COMPARE,
        WEAK,
        SIMD,
        THREADS,
        FULL,
        DESTROY,
        INDIRECT,
        NO_OPENMP,
        NO_OPENMP_ROUTINES,
        NO_PARALLELISM,
        DYNAMIC_ALLOCATORS,
        REVERSE_OFFLOAD,
        UNIFIED_ADDRESS,
        UNIFIED_SHARED_MEMORY,
        OMPX_BARE
    }

    /** device(e), if([modifier:] e), num_teams(e), collapse(n) (value = folded constant as IntLit), ... */
    record ExprClause(ExprKind kind, Expr value, String modifier, SourceLocation loc) implements OmpClause {}

    /** OpenMP 6.0: the items of num_threads(n1, n2, ...) after the first (an ExprClause NUM_THREADS): nthreads-var of the new team's implicit tasks. */
    record NumThreadsList(List<Expr> nested, SourceLocation loc) implements OmpClause {}

    /**
     * A list clause; leaf: OpenMP 6.0's directive-name modifier ({@code firstprivate(target: x)}),
     * the one leaf of a compound construct the clause applies to (null: every leaf that takes it).
     */
    record ListClause(ListKind kind, List<OmpDirective.Item> items, SourceLocation loc, String leaf)
            implements OmpClause {
        public ListClause(ListKind kind, List<OmpDirective.Item> items, SourceLocation loc) {
            this(kind, items, loc, null);
        }

        /** Whether the clause applies to the given leaf of its directive. */
        public boolean appliesTo(OmpDirective.Leaf l) {
            return leaf == null
                    || leaf.equals(l.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
        }
    }
    /**
     * map([modifiers,] [type:] list); type defaults to TOFROM. mappers: the declare mapper each
     * item uses (parallel to items, null entries for none; empty when no item has one);
     * iterator: the iterator modifier's iterators, or null.
     */
    record Map(
            MapType type,
            Set<OmpDirective.MapModifier> modifiers,
            List<OmpDirective.Item> items,
            boolean typeWritten,
            SourceLocation loc,
            List<UserMapper> mappers,
            Iterator iterator)
            implements OmpClause {
        public Map(
                MapType type,
                Set<OmpDirective.MapModifier> modifiers,
                List<OmpDirective.Item> items,
                boolean typeWritten,
                SourceLocation loc) {
            this(type, modifiers, items, typeWritten, loc, List.of(), null);
        }

        public UserMapper mapper(int i) {
            return mappers.isEmpty() ? null : mappers.get(i);
        }
    }

    /**
     * A motion clause of target update: to/from([present,] [mapper(id),] [iterator(...):] list), with
     * the declare mapper of each item as for map.
     */
    record Motion(
            boolean to,
            Set<OmpDirective.MapModifier> modifiers,
            List<OmpDirective.Item> items,
            SourceLocation loc,
            List<UserMapper> mappers,
            Iterator iterator)
            implements OmpClause {
        public UserMapper mapper(int i) {
            return mappers.isEmpty() ? null : mappers.get(i);
        }
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
    record UserMapper(String name, jomp.compiler.type.Type type, Var var, List<Map> maps, SourceLocation loc) {}

    /** A declare mapper directive's mapper (the directive's one clause, so the lowering knows the unit's mappers). */
    record DeclareMapper(UserMapper mapper, SourceLocation loc) implements OmpClause {}

    /** requires clauses (unified_address, unified_shared_memory, reverse_offload, dynamic_allocators, atomic_default_mem_order). */
    record Requires(Set<String> clauses, SourceLocation loc) implements OmpClause {}

    /** declare target's indirect[(expr)] (expr folded: true unless written false). */
    record Indirect(boolean on, SourceLocation loc) implements OmpClause {}

    /** interop's init/use/destroy clause: init([targetsync,] [target,] [prefer_type(...),] var), use(var), destroy(var). */
    record Interop(
            String action, Set<String> types, List<String> preferences, OmpDirective.Item item, SourceLocation loc)
            implements OmpClause {}
    /** depend([iterator(...),] type: list); iterator null without the modifier. */
    record Depend(DependType type, List<OmpDirective.Item> items, SourceLocation loc, Iterator iterator)
            implements OmpClause {
        public Depend(DependType type, List<OmpDirective.Item> items, SourceLocation loc) {
            this(type, items, loc, null);
        }
    }
    /**
     * reduction([modifier,] op: list); identifier is the user reduction's name for USER, and
     * {@code users} the declare reduction each item uses (parallel to items; empty for built-in ops).
     */
    record Reduction(
            ReductionOp op,
            String identifier,
            List<OmpDirective.Item> items,
            String modifier,
            SourceLocation loc,
            List<UserReduction> users)
            implements OmpClause {
        public Reduction(
                ReductionOp op, String identifier, List<OmpDirective.Item> items, String modifier, SourceLocation loc) {
            this(op, identifier, items, modifier, loc, List.of());
        }
    }

    /**
     * {@code #pragma omp declare reduction(name : type : combiner) initializer(init)} for one type:
     * the combiner is checked with omp_out and omp_in declared as variables of the type, the
     * initializer (null: the private copy starts zeroed) with omp_priv and omp_orig.
     */
    record UserReduction(
            String name,
            jomp.compiler.type.Type type,
            Var out,
            Var in,
            Expr combiner,
            Var priv,
            Var orig,
            Expr initializer,
            SourceLocation loc) {}

    record Schedule(ScheduleKind kind, Expr chunk, List<String> modifiers, SourceLocation loc) implements OmpClause {}

    record DistSchedule(Expr chunk, SourceLocation loc) implements OmpClause {}
    /** defaultmap(behavior[:category]); category null = all. Words as written: "tofrom", "scalar". */
    record Defaultmap(String behavior, String category, SourceLocation loc) implements OmpClause {}

    /**
     * default(attribute[: variable-category]) (the category is OpenMP 6.0's: scalar, pointer,
     * aggregate or all; null = all): the attribute applies to the variables of that category only.
     */
    record Default(DefaultKind kind, SourceLocation loc, String category) implements OmpClause {
        public Default(DefaultKind kind, SourceLocation loc) {
            this(kind, loc, null);
        }

        /** Whether a variable of type t is of the clause's category (pointers are no scalars here, as in defaultmap). */
        public boolean covers(jomp.compiler.type.Type t) {
            if (category == null || category.equals("all")) return true;
            return switch (category) {
                case "pointer" -> t.isPointer();
                case "scalar" -> t.isScalar() && !t.isPointer();
                case "aggregate" -> t.isAggregate();
                default -> false;
            };
        }
    }

    record Proc(String kind, SourceLocation loc) implements OmpClause {}

    record Flag(FlagKind kind, SourceLocation loc) implements OmpClause {}
    /** device_type(host|nohost|any) of declare target. */
    record DeviceType(String kind, SourceLocation loc) implements OmpClause {}

    // ---- OpenMP 5.x clauses ----

    /**
     * in_reduction(op: list) and task_reduction(op: list): the reduction part as for reduction
     * (a task's or a taskgroup's), {@code in} telling which clause it is.
     */
    record TaskReduction(boolean in, Reduction reduction, SourceLocation loc) implements OmpClause {}
    /** linear(list[: step]) and linear(list: val|ref|uval, step(s)) (5.2), or the older val(list): step. Step null = 1. */
    record Linear(List<OmpDirective.Item> items, Expr step, String modifier, SourceLocation loc) implements OmpClause {}
    /**
     * OpenMP 6.0 induction(step(s), [strict|relaxed,] id: list). A built-in id is + or * (- is + with
     * a negated step): the item's value at logical iteration i is x op step^i. A declared id: each
     * item's declare induction in {@code users} (parallel to items; empty when the id is built in),
     * the value at iteration i its closed form, the inductor applied to x with the collector's value
     * for (s, i) as the step. {@code strict}: the strict modifier (jomp computes the closed form in
     * every iteration either way).
     */
    record Induction(
            boolean multiply,
            List<OmpDirective.Item> items,
            Expr step,
            SourceLocation loc,
            List<UserInduction> users,
            boolean strict)
            implements OmpClause {
        public Induction(boolean multiply, List<OmpDirective.Item> items, Expr step, SourceLocation loc) {
            this(multiply, items, step, loc, List.of(), false);
        }
    }

    /**
     * {@code #pragma omp declare_induction(name : type) inductor(e) collector(c)} for one type (or
     * one pair (type, step type)): the inductor is checked with omp_var (varType) and omp_step
     * (stepType) declared, the collector with omp_step and omp_idx (long, a logical iteration
     * number; its own omp_step variable).
     */
    record UserInduction(
            String name,
            jomp.compiler.type.Type varType,
            jomp.compiler.type.Type stepType,
            Var var,
            Var step,
            Expr inductor,
            Var collectorStep,
            Var idx,
            Expr collector,
            SourceLocation loc) {}

    /**
     * init_complete[(create_init_phase)] of scan (OpenMP 6.0): the statements before the directive
     * are the initialization phase of an exclusive scan; {@code create} false: no such phase (the
     * directive separates nothing).
     */
    record InitComplete(boolean create, SourceLocation loc) implements OmpClause {}
    /** order([reproducible|unconstrained:] concurrent). */
    record Order(String modifier, SourceLocation loc) implements OmpClause {}
    /** bind(teams|parallel|thread) of loop. */
    record Bind(String kind, SourceLocation loc) implements OmpClause {}
    /** allocate([allocator(a)|a][, align(n)]: list) (the clause) or the allocate directive's allocator/align clauses. */
    record Allocate(Expr allocator, Expr align, List<OmpDirective.Item> items, SourceLocation loc)
            implements OmpClause {}
    /** uses_allocators(a[(traits)], ...) or the 5.2 form uses_allocators([memspace(m),] [traits(t):] a). */
    record UsesAllocators(List<AllocatorUse> uses, SourceLocation loc) implements OmpClause {}
    /** One allocator of uses_allocators: the allocator variable (or predefined allocator expression), its traits array (or null) and memory space (or null). */
    record AllocatorUse(Expr allocator, Var var, Expr traits, Expr memspace) {}
    /** detach(event-handle). */
    record Detach(Var event, SourceLocation loc) implements OmpClause {}
    /** depend(source) / depend(sink: vec) of ordered (OpenMP 4.5), doacross(source:) / doacross(sink: vec) (5.2); sink empty for source and for sink: omp_cur_iteration - 1 (the logical iteration before this one). */
    record Doacross(boolean source, List<Expr> sink, SourceLocation loc) implements OmpClause {}
    /** depend on depobj: the kind a depend object records ("update(in)"); the depobj's own clauses depend/update/destroy. */
    record DepobjUpdate(DependType type, SourceLocation loc) implements OmpClause {}
    /** at(compilation|execution), severity(fatal|warning), fail(memory order) and other one-word clauses. */
    record Word(String clause, String value, SourceLocation loc) implements OmpClause {}
    /** absent(directive-names) and contains(directive-names) of assume/assumes. */
    record DirectiveNames(String clause, List<String> names, SourceLocation loc) implements OmpClause {}
    /** sizes(list) of tile. */
    record Sizes(List<Expr> sizes, SourceLocation loc) implements OmpClause {}
    /** OpenMP 6.0: interchange's permutation(list) (1-based constants), fuse's looprange(first, count). */
    record Permutation(List<Integer> order, SourceLocation loc) implements OmpClause {}

    record LoopRange(int first, int count, SourceLocation loc) implements OmpClause {}
    /** OpenMP 6.0: split's counts(list): iteration counts, null where omp_fill (the rest) stands. */
    record Counts(List<Expr> counts, SourceLocation loc) implements OmpClause {}
    /**
     * OpenMP 6.0: apply([modifier[(indices)]:] directives): the directives applied to the construct's
     * generated loops the modifier names (null: the construct's first kind), in order or at the given
     * 1-based indices (null when not given); a {@code nothing} directive keeps its place.
     */
    record Apply(String modifier, List<Integer> indices, List<OmpDirective> directives, SourceLocation loc)
            implements OmpClause {}
    /** omp_all_memory in a depend clause (the items list of that Depend has no entry for it). */
    record AllMemory(DependType type, SourceLocation loc) implements OmpClause {}
    /**
     * A context selector: trait sets (device, target_device, construct, implementation, user),
     * each a list of selectors with their properties as written ("kind" -> [gpu], "condition" -> expr).
     */
    record Selector(List<TraitSet> sets, SourceLocation loc) {}

    record TraitSet(String name, List<Trait> traits) {}
    /** A trait: its name, properties as words, an expression (condition, device_num) and a score or null. */
    record Trait(String name, List<String> words, Expr expr, Expr score, SourceLocation loc) {}
    /** when(selector: directive-variant) of metadirective; otherwise/default has a null selector. variant null = nothing. */
    record When(Selector selector, OmpDirective variant, SourceLocation loc) implements OmpClause {}
    /** match(selector) of declare variant. */
    record Match(Selector selector, SourceLocation loc) implements OmpClause {}
    /**
     * adjust_args(need_device_ptr|nothing: list) and append_args(interop(type, ...), ...) of declare
     * variant. adjust_args' args are the parameters as written (a Token for a name, the
     * SourceLocation of anything else: they are looked up when the function is declared);
     * append_args' are an {@link AppendInterop} each.
     */
    record VariantArgs(String clause, String modifier, List<Object> args, SourceLocation loc) implements OmpClause {}
    /** One interop(...) of append_args: the interop types of the object appended to the call. */
    record AppendInterop(boolean target, boolean targetsync, SourceLocation loc) {}
    /**
     * A variant of a function (declare variant, or a definition inside begin/end declare variant)
     * and when it applies; in a dispatch construct's call, the base function's parameters
     * (indices) adjust_args(need_device_ptr:) names get device pointers, and an interop object per
     * append_args item is appended to the arguments (OpenMP 5.2 §7.5.2, §7.6).
     */
    record DeclaredVariant(Var function, Selector selector, List<Integer> needDevicePtr, List<AppendInterop> appended) {
        public DeclaredVariant(Var function, Selector selector) {
            this(function, selector, List.of(), List.of());
        }

        /** Whether the call's arguments differ from the base function's call. */
        public boolean adjustsArguments() {
            return !needDevicePtr.isEmpty() || !appended.isEmpty();
        }
    }
    /** dispatch's interop(list): the objects passed for the first append_args items of the variant it calls. */
    record DispatchInterop(List<Expr> objects, SourceLocation loc) implements OmpClause {}

    /** A clause jomp accepts as a hint with no effect beyond what its checks need (ompx_attribute, ...). */
    record Hint(String clause, SourceLocation loc) implements OmpClause {}
}
