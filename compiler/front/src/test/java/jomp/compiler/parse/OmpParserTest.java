package jomp.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import org.junit.jupiter.api.Test;

/** #pragma omp directives: names, clauses in structured form, associated statements, loop checks. */
class OmpParserTest {
    private static List<Stmt.Omp> directives(ParseHelper h) {
        List<Stmt.Omp> out = new ArrayList<>();
        for (TranslationUnit.TopLevel t : h.unit.items())
            if (t instanceof TranslationUnit.Function f) collect(f.body(), out);
        return out;
    }

    private static void collect(Stmt s, List<Stmt.Omp> out) {
        switch (s) {
            case Stmt.Compound c -> c.items().forEach(x -> collect(x, out));
            case Stmt.Omp o -> {
                out.add(o);
                if (o.body() != null) collect(o.body(), out);
            }
            case Stmt.For f -> collect(f.body(), out);
            default -> {}
        }
    }

    private static ParseHelper ok(String src) {
        ParseHelper h = ParseHelper.parse(src);
        assertThat(h.messages()).doesNotContain(": error: ");
        return h;
    }

    @Test
    void zaxpyStyleTargetRegion() {
        ParseHelper h = ok("""
            void zaxpy(int n, double a, double *x, double *y, int dev) {
            #pragma omp target data map(to: x[0:n]) map(tofrom: y[:n]) device(dev)
              {
            #pragma omp target teams distribute parallel for map(always, close, to: x[0:n]) map(y[0:n]) nowait num_teams(4) thread_limit(128) if(target: n > 10) dist_schedule(static, 8) schedule(static, 2) firstprivate(a) collapse(1)
                for (int i = 0; i < n; ++i)
                  y[i] = a * x[i] + y[i];
              }
            }
            """);
        List<Stmt.Omp> ds = directives(h);
        assertThat(ds).hasSize(2);
        OmpDirective data = ds.get(0).directive();
        assertThat(data.leaves()).containsExactly(Leaf.TARGET_DATA);
        OmpClause.Map m0 = data.clauses(OmpClause.Map.class).get(0);
        assertThat(m0.type()).isEqualTo(OmpClause.MapType.TO);
        assertThat(m0.items().get(0).var().name).isEqualTo("x");
        assertThat(m0.items().get(0).sections()).hasSize(1);
        assertThat(((Expr.IntLit) m0.items().get(0).sections().get(0).lower()).value())
                .isZero();
        OmpClause.Map m1 = data.clauses(OmpClause.Map.class).get(1);
        assertThat(m1.type()).isEqualTo(OmpClause.MapType.TOFROM);
        assertThat(m1.items().get(0).sections().get(0).lower()).isNull();
        assertThat(data.clauses(OmpClause.ExprClause.class).get(0).kind()).isEqualTo(OmpClause.ExprKind.DEVICE);

        OmpDirective t = ds.get(1).directive();
        assertThat(t.name()).isEqualTo("target teams distribute parallel for");
        assertThat(t.leaves()).containsExactly(Leaf.TARGET, Leaf.TEAMS, Leaf.DISTRIBUTE, Leaf.PARALLEL, Leaf.FOR);
        assertThat(t.isLoop()).isTrue();
        assertThat(t.loopDepth()).isEqualTo(1);
        assertThat(t.hasFlag(OmpClause.FlagKind.NOWAIT)).isTrue();
        OmpClause.Map mm = t.clauses(OmpClause.Map.class).get(0);
        assertThat(mm.modifiers())
                .containsExactlyInAnyOrder(OmpDirective.MapModifier.ALWAYS, OmpDirective.MapModifier.CLOSE);
        assertThat(t.clauses(OmpClause.Map.class).get(1).typeWritten()).isFalse();
        OmpClause.ExprClause ifc = t.clauses(OmpClause.ExprClause.class).stream()
                .filter(c -> c.kind() == OmpClause.ExprKind.IF)
                .findFirst()
                .orElseThrow();
        assertThat(ifc.modifier()).isEqualTo("target");
        assertThat(t.clauses(OmpClause.Schedule.class).get(0).kind()).isEqualTo(OmpClause.ScheduleKind.STATIC);
        assertThat(t.clauses(OmpClause.DistSchedule.class).get(0).chunk()).isNotNull();
        assertThat(t.clauses(OmpClause.ListClause.class).get(0).kind()).isEqualTo(OmpClause.ListKind.FIRSTPRIVATE);
        assertThat(ds.get(1).body()).isInstanceOf(Stmt.For.class);
    }

    @Test
    void reductionsPrivatesAndCollapse() {
        ParseHelper h = ok("""
            struct S { int n; double *v; };
            double f(int n, int m, double *a, struct S s) {
              double sum = 0; int mx = 0, k;
            #pragma omp parallel for collapse(2) reduction(+: sum) reduction(max: mx) private(k) shared(a) lastprivate(m) default(shared)
              for (int i = 0; i < n; i++)
                for (int j = n; j > 0; j -= 2)
                  sum += a[i * m + j];
            #pragma omp target enter data map(to: s.v[0:s.n], s)
            #pragma omp target update from(a[1:n-1]) to(s.v[:4])
            #pragma omp target exit data map(delete: s.v[0:s.n])
            #pragma omp target defaultmap(tofrom: scalar) is_device_ptr(a) depend(in: a[0]) map(present, alloc: mx)
              { mx = 1; }
              return sum;
            }
            """);
        List<Stmt.Omp> ds = directives(h);
        OmpDirective pf = ds.get(0).directive();
        assertThat(pf.loopDepth()).isEqualTo(2);
        List<OmpClause.Reduction> reds = pf.clauses(OmpClause.Reduction.class);
        assertThat(reds)
                .extracting(OmpClause.Reduction::op)
                .containsExactly(OmpClause.ReductionOp.ADD, OmpClause.ReductionOp.MAX);
        assertThat(reds.get(0).items().get(0).var().name).isEqualTo("sum");
        assertThat(pf.clauses(OmpClause.Default.class).get(0).kind()).isEqualTo(OmpClause.DefaultKind.SHARED);
        OmpDirective enter = ds.get(1).directive();
        assertThat(enter.isStandalone()).isTrue();
        assertThat(ds.get(1).body()).isNull();
        OmpDirective.Item member =
                enter.clauses(OmpClause.Map.class).get(0).items().get(0);
        assertThat(member.var().name).isEqualTo("s");
        assertThat(member.expr().type().toString()).isEqualTo("double");
        OmpDirective upd = ds.get(2).directive();
        assertThat(upd.clauses(OmpClause.Motion.class))
                .extracting(OmpClause.Motion::to)
                .containsExactly(false, true);
        assertThat(ds.get(3).directive().clauses(OmpClause.Map.class).get(0).type())
                .isEqualTo(OmpClause.MapType.DELETE);
        OmpDirective tgt = ds.get(4).directive();
        assertThat(tgt.clauses(OmpClause.Defaultmap.class).get(0).category()).isEqualTo("scalar");
        assertThat(tgt.clauses(OmpClause.Depend.class).get(0).type()).isEqualTo(OmpClause.DependType.IN);
        assertThat(tgt.clauses(OmpClause.Map.class).get(0).modifiers())
                .containsExactly(OmpDirective.MapModifier.PRESENT);
    }

    @Test
    void synchronisationConstructs() {
        ParseHelper h = ok("""
            int f(int *x) {
              int v = 0;
            #pragma omp parallel num_threads(4)
              {
            #pragma omp atomic update
                *x += 1;
            #pragma omp atomic read
                v = *x;
            #pragma omp critical (lock)
                v++;
            #pragma omp barrier
            #pragma omp single
                v--;
            #pragma omp master
                v = 0;
            #pragma omp masked
                v = 1;
              }
            #pragma omp taskwait
              return v;
            }
            """);
        List<Stmt.Omp> ds = directives(h);
        assertThat(ds)
                .extracting(o -> o.directive().leaves().get(0))
                .containsExactly(
                        Leaf.PARALLEL,
                        Leaf.ATOMIC,
                        Leaf.ATOMIC,
                        Leaf.CRITICAL,
                        Leaf.BARRIER,
                        Leaf.SINGLE,
                        Leaf.MASTER,
                        Leaf.MASKED,
                        Leaf.TASKWAIT);
        assertThat(ds.get(1).directive().atomic()).isEqualTo(OmpDirective.AtomicKind.UPDATE);
        assertThat(ds.get(2).directive().atomic()).isEqualTo(OmpDirective.AtomicKind.READ);
        assertThat(ds.get(3).directive().criticalName()).isEqualTo("lock");
        assertThat(ds.get(4).body()).isNull();
    }

    @Test
    void declareTargetAtFileScope() {
        ParseHelper h = ok("""
            #pragma omp declare target
            int dev_counter;
            int twice(int x) { return 2 * x; }
            #pragma omp end declare target
            int table[8];
            #pragma omp declare target (table)
            #pragma omp declare target enter(twice) device_type(any)
            """);
        List<OmpDirective> decls = new ArrayList<>();
        for (TranslationUnit.TopLevel t : h.unit.items())
            if (t instanceof TranslationUnit.OmpDecl d) decls.add(d.directive());
        assertThat(decls)
                .extracting(d -> d.leaves().get(0))
                .containsExactly(
                        Leaf.DECLARE_TARGET, Leaf.END_DECLARE_TARGET, Leaf.DECLARE_TARGET, Leaf.DECLARE_TARGET);
        assertThat(decls.get(2)
                        .clauses(OmpClause.ListClause.class)
                        .get(0)
                        .items()
                        .get(0)
                        .var()
                        .name)
                .isEqualTo("table");
        assertThat(decls.get(3).clauses(OmpClause.ListClause.class).get(0).kind())
                .isEqualTo(OmpClause.ListKind.ENTER);
        assertThat(decls.get(3).clauses(OmpClause.DeviceType.class).get(0).kind())
                .isEqualTo("any");
    }

    @Test
    void nonOmpPragmasAreIgnored() {
        ParseHelper h = ok("""
            #pragma once
            #pragma GCC optimize("O2")
            int f(void) {
            #pragma unroll 4
              return 0;
            }
            """);
        assertThat(directives(h)).isEmpty();
    }

    /** Expected lines are clang-19 -fopenmp -fsyntax-only's output for the same file. */
    @Test
    void loopFormAndClauseErrors() {
        ParseHelper h = ParseHelper.parse("""
            void f(int n, double *a) {
            #pragma omp parallel for
              while (n) n--;
            #pragma omp parallel for
              for (int i = 0; i < n; i *= 2) a[i] = 0;
            #pragma omp parallel for
              for (int i = 0; n; i++) a[i] = 0;
            #pragma omp target map(tofrom: undeclared_thing)
              ;
            #pragma omp parallel for collapse(2)
              for (int i = 0; i < n; i++) a[i] = 0;
            }
            """);
        assertThat(h.messages()).isEqualTo("""
            t.c:3:3: error: statement after '#pragma omp parallel for' must be a for loop
            t.c:5:26: error: increment clause of OpenMP for loop must perform simple addition or subtraction on loop variable 'i'
            t.c:7:19: error: condition of OpenMP for loop must be a relational comparison ('<', '<=', '>', '>=', or '!=') of loop variable 'i'
            t.c:8:32: error: use of undeclared identifier 'undeclared_thing'
            t.c:11:31: error: expected 2 for loops after '#pragma omp parallel for', but found only 1
            t.c:10:35: note: as specified in 'collapse' clause
            """);
    }

    @Test
    void requiresDeclareSimdTaskloopAndScope() {
        ParseHelper h = ok("""
            #pragma omp requires atomic_default_mem_order(acq_rel), dynamic_allocators
            #pragma omp declare simd uniform(n) linear(i : 1) simdlen(4)
            int g(int n, int i);
            int f(int n) {
              int s = 0;
            #pragma omp taskloop grainsize(strict: 4) reduction(+: s)
              for (int i = 0; i < n; i++) s += i;
            #pragma omp parallel master taskloop simd collapse(1)
              for (int i = 0; i < n; i++) s += i;
            #pragma omp scope private(n) reduction(+: s) nowait
              s++;
              return s;
            }
            """);
        List<Stmt.Omp> ds = directives(h);
        assertThat(ds)
                .extracting(d -> d.directive().leaves())
                .containsExactly(
                        List.of(OmpDirective.Leaf.TASKLOOP),
                        List.of(
                                OmpDirective.Leaf.PARALLEL,
                                OmpDirective.Leaf.MASTER,
                                OmpDirective.Leaf.TASKLOOP,
                                OmpDirective.Leaf.SIMD),
                        List.of(OmpDirective.Leaf.SCOPE));
        assertThat(ds.get(0).directive().loopDepth()).isEqualTo(1);
    }

    @Test
    void requiresClausesAreRecordedAtFileScope() {
        ParseHelper h = ParseHelper.parse("#pragma omp requires unified_shared_memory, reverse_offload\nint x;\n");
        assertThat(h.messages()).isEmpty();
        OmpClause.Requires r = h.unit.items().stream()
                .filter(t -> t instanceof jomp.compiler.ast.TranslationUnit.OmpDecl)
                .map(t -> ((jomp.compiler.ast.TranslationUnit.OmpDecl) t)
                        .directive()
                        .clauses(OmpClause.Requires.class)
                        .get(0))
                .findFirst()
                .orElseThrow();
        assertThat(r.clauses()).containsExactlyInAnyOrder("unified_shared_memory", "reverse_offload");
    }

    @Test
    void mapModifiersMappersIteratorsAndStridesAreParsed() {
        ParseHelper h = ParseHelper.parse("""
            typedef struct { int n; double *x; } V;
            #pragma omp declare mapper(id : V v) map(v, v.x[0:v.n])
            void f(V *a, int n, int **rows) {
            #pragma omp target map(ompx_hold, always, present, mapper(id), tofrom: a[0:n]) map(iterator(int i = 0:n:2), to: rows[i][0:4])
              ;
            #pragma omp target update to(present, mapper(id): a[1:2]) from(a[0].x[0:n:3])
            }
            """);
        assertThat(h.messages()).isEmpty();
        List<Stmt.Omp> ds = directives(h);
        List<OmpClause.Map> maps = ds.get(0).directive().clauses(OmpClause.Map.class);
        assertThat(maps.get(0).modifiers())
                .containsExactlyInAnyOrder(
                        OmpDirective.MapModifier.OMPX_HOLD,
                        OmpDirective.MapModifier.ALWAYS,
                        OmpDirective.MapModifier.PRESENT);
        assertThat(maps.get(0).mapper(0).name()).isEqualTo("id");
        assertThat(maps.get(0).items().get(0).text()).isEqualTo("a[0:n]");
        assertThat(maps.get(1).iterator().vars()).extracting(v -> v.name).containsExactly("i");
        assertThat(maps.get(1).items().get(0).text()).isEqualTo("rows[i][0:4]");
        List<OmpClause.Motion> motion = ds.get(1).directive().clauses(OmpClause.Motion.class);
        assertThat(motion.get(0).modifiers()).containsExactly(OmpDirective.MapModifier.PRESENT);
        assertThat(motion.get(0).mapper(0).name()).isEqualTo("id");
        assertThat(motion.get(1).items().get(0).sections().get(1).stride()).isNotNull();
    }

    @Test
    void mapErrorsAreClangs() {
        assertThat(ParseHelper.parse("int a[8];\nvoid f(void) {\n#pragma omp target map(to: a[0:4:0])\n;\n}\n")
                        .messages())
                .contains("t.c:3:34: error: section stride is evaluated to a non-positive value 0");
        assertThat(ParseHelper.parse(
                                "typedef struct { int n; } S;\nvoid f(S s) {\n#pragma omp target map(mapper(nope), to: s)\n;\n}\n")
                        .messages())
                .contains("t.c:3:31: error: cannot find a valid user-defined mapper for type 'S' with name 'nope'");
        assertThat(ParseHelper.parse("#pragma omp declare mapper(int v) map(v)\n")
                        .messages())
                .contains("t.c:1:28: error: mapper type must be of struct, union or class type");
    }

    /** Loops generated by unroll partial and tile, and doacross nests: what a loop construct may be associated with. */
    @Test
    void generatedLoopsAndDoacrossNests() {
        String ok = "void f(int *a, int n) {\n#pragma omp for collapse(4)\n#pragma omp tile sizes(2, 3)\n"
                + "for (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++) a[i] += j;\n"
                + "#pragma omp for\n#pragma omp unroll partial(4)\nfor (int i = 0; i < n; i++) a[i]++;\n"
                + "#pragma omp for collapse(2)\n#pragma omp tile sizes(2, 2)\n#pragma omp tile sizes(3, 3)\n"
                + "for (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++) a[i] += j;\n}\n";
        assertThat(ParseHelper.parse(ok).messages()).doesNotContain("error");
        assertThat(ParseHelper.parse(
                                "void f(int *a, int n) {\n#pragma omp for collapse(2)\n#pragma omp unroll partial(2)\n"
                                        + "for (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++) a[i] += j;\n}\n")
                        .messages())
                .contains(
                        "t.c:3:1: error: expected 2 for loops after '#pragma omp for', but found only 1 loop generated by '#pragma omp unroll'");
        assertThat(ParseHelper.parse(
                                "void f(int *a, int n) {\n#pragma omp tile sizes(2, 2, 2)\n#pragma omp tile sizes(2, 2)\n"
                                        + "for (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++) a[i] += j;\n}\n")
                        .messages())
                .contains(
                        "t.c:3:1: error: jomp cannot apply '#pragma omp tile' to the element loops of '#pragma omp tile' (they are not rectangular)");
        assertThat(ParseHelper.parse("void f(int *a, int n) {\n#pragma omp parallel for ordered(2)\n"
                                + "for (int i = 1; i < n; i++)\nfor (int j = i; j < n; j++) {\n#pragma omp ordered depend(sink: i - 1, j)\n"
                                + "a[i] += j;\n#pragma omp ordered depend(source)\n}\n}\n")
                        .messages())
                .contains(
                        "t.c:2:26: error: 'ordered' clause with a parameter may not be used with a non-rectangular loop nest");
    }

    /** default(firstprivate): the referenced variables without an attribute become a firstprivate clause (not loop variables, locals, listed ones). */
    @Test
    void defaultFirstprivateListsTheReferencedVariables() {
        ParseHelper h = ok("""
            void f(int n, int *p) {
              int x = 0, y = 1, i;
            #pragma omp parallel for default(firstprivate) shared(y)
              for (i = 0; i < n; i++) { int t = x + i; y += t + p[0]; }
            }
            """);
        OmpDirective d = directives(h).get(0).directive();
        List<String> fp = new ArrayList<>();
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == OmpClause.ListKind.FIRSTPRIVATE)
                for (OmpDirective.Item it : c.items()) fp.add(it.var().name);
        assertThat(fp).containsExactly("n", "x", "p");
    }

    /** The innermost construct of the function decides; one in a nested parallel region, or orphaned, is fine. */
    @Test
    void nestingOfRegionsIsCheckedAgainstTheInnermostConstruct() {
        String bad =
                "void f(int n) {\n#pragma omp parallel\n{\n#pragma omp critical\n{\n#pragma omp for\nfor (int i = 0; i < n; i++) ;\n}\n}\n}\n";
        assertThat(ParseHelper.parse(bad).messages())
                .contains(
                        "t.c:6:1: error: region cannot be closely nested inside 'critical' region; perhaps you forget to enclose 'omp for' directive into a parallel region?");
        String fine =
                "void f(int n) {\n#pragma omp critical\n{\n#pragma omp parallel\n{\n#pragma omp for\nfor (int i = 0; i < n; i++) ;\n}\n}\n"
                        + "#pragma omp for\nfor (int i = 0; i < n; i++) ;\n#pragma omp barrier\n}\n";
        assertThat(ParseHelper.parse(fine).messages()).doesNotContain("error");
        // a metadirective's variant (teams here) is chosen later: what it encloses is not checked against the target
        // around it
        String meta =
                "void f(int n) {\n#pragma omp target\n#pragma omp metadirective when(user={condition(n > 1)}: teams) default(teams)\n"
                        + "#pragma omp distribute parallel for\nfor (int i = 0; i < n; i++) ;\n}\n";
        assertThat(ParseHelper.parse(meta).messages()).doesNotContain("error");
    }

    /** Map and depend list items that are lvalue expressions keep the variable their storage is reached from. */
    @Test
    void locatorItemsNameTheirBaseVariable() {
        ParseHelper h = ok("""
            struct r { int n; int *d; };
            void f(int *p, int **pp, struct r *q) {
            #pragma omp target map(*p, *(p + 1), (*pp)[1:2], q->n)
              ;
            }
            """);
        OmpClause.Map m =
                directives(h).get(0).directive().clauses(OmpClause.Map.class).get(0);
        assertThat(m.items().stream().map(it -> it.var().name).toList()).containsExactly("p", "p", "pp", "q");
        assertThat(m.items().get(2).sections()).hasSize(1);
        assertThat(m.items().get(1).text()).isEqualTo("*(p + 1)");
    }

    /** OpenMP 6.0: underscore names, the new directives and clauses in structured form, and their checks. */
    @Test
    void openmp60Syntax() {
        ParseHelper h = ok("""
            int g;
            #pragma omp declare_target local(g)
            void f(int n, int *p, int c) {
              int a[8], x = 0;
            #pragma omp target_data map(self: a) map(present: x) map(p[:]) depend(inout: x) nogroup
              {
            #pragma omp target nowait(n > 2) map(delete, storage: x)
                x++;
              }
            #pragma omp taskgraph graph_id(n) graph_reset(n == 0) nogroup
              {
            #pragma omp task replayable transparent(1) threadset(omp_pool)
                x++;
              }
            #pragma omp parallel num_threads(strict: 4, 2) message("m") severity(warning)
              x++;
            #pragma omp interchange permutation(2, 1)
              for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) a[i % 8] = j;
            #pragma omp parallel_for induction(step(2), *: x)
              for (int i = 0; i < n; i++) x *= 2;
            #pragma omp split counts(c, omp_fill)
              for (int i = 0; i < n; i++) x++;
            }
            """);
        List<Stmt.Omp> ds = directives(h);
        assertThat(ds.stream().map(o -> o.directive().name()))
                .containsExactly(
                        "target data",
                        "target",
                        "taskgraph",
                        "task",
                        "parallel",
                        "interchange",
                        "parallel for",
                        "split");
        OmpClause.Map self = ds.get(0).directive().clauses(OmpClause.Map.class).get(0);
        assertThat(self.modifiers()).containsExactly(OmpDirective.MapModifier.SELF);
        assertThat(ds.get(0).directive().clauses(OmpClause.Map.class).get(1).type())
                .isEqualTo(OmpClause.MapType.TOFROM);
        assertThat(ds.get(1).directive().clauses(OmpClause.Map.class).get(0).type())
                .isEqualTo(OmpClause.MapType.DELETE);
        assertThat(ds.get(1).directive().clauses(OmpClause.ExprClause.class).stream()
                        .map(OmpClause.ExprClause::kind))
                .contains(OmpClause.ExprKind.NOWAIT);
        assertThat(ds.get(4)
                        .directive()
                        .clauses(OmpClause.ExprClause.class)
                        .get(0)
                        .modifier())
                .isEqualTo("strict");
        assertThat(ds.get(5).directive().loopDepth()).isEqualTo(2);
        assertThat(ds.get(6)
                        .directive()
                        .clauses(OmpClause.Induction.class)
                        .get(0)
                        .multiply())
                .isTrue();
        assertThat(ds.get(7).directive().clauses(OmpClause.Counts.class).get(0).counts())
                .hasSize(2)
                .containsNull();

        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp interchange permutation(1, 1)\nfor (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++);\n}\n")
                        .messages())
                .contains("error: the arguments of 'permutation' must be a permutation of 1 to 2");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp split counts(2, 3)\nfor (int i = 0; i < n; i++);\n}\n")
                        .messages())
                .contains("error: 'counts' clause needs exactly one 'omp_fill'");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp fuse looprange(0, 2)\n{\nfor (int i = 0; i < n; i++);\nfor (int i = 0; i < n; i++);\n}\n}\n")
                        .messages())
                .contains("error: argument to 'looprange' clause must be a strictly positive integer value");
        // a loop construct takes the loop fuse generates, the loops of stripe, and split's one loop
        ok("void f(int n) {\n#pragma omp for\n#pragma omp fuse\n{\nfor (int i = 0; i < n; i++);\n"
                + "#pragma omp split counts(2, omp_fill)\nfor (int i = 0; i < n; i++);\n}\n"
                + "#pragma omp for collapse(4)\n#pragma omp stripe sizes(2, 3)\nfor (int i = 0; i < n; i++)\n"
                + "for (int j = 0; j < n; j++);\n"
                + "#pragma omp simd collapse(2)\n#pragma omp split counts(omp_fill)\nfor (int i = 0; i < n; i++)\n"
                + "for (int j = 0; j < n; j++);\n}\n");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp for\n#pragma omp split counts(2, omp_fill)\nfor (int i = 0; i < n; i++);\n}\n")
                        .messages())
                .contains(
                        "error: '#pragma omp for' must be associated with a loop nest, but '#pragma omp split' generates a sequence of 2 loops");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp for\n#pragma omp fuse looprange(2, 2)\n{\nfor (int i = 0; i < n; i++);\n"
                                        + "for (int i = 0; i < n; i++);\nfor (int i = 0; i < n; i++);\n}\n}\n")
                        .messages())
                .contains(
                        "error: '#pragma omp for' must be associated with a loop nest, but '#pragma omp fuse' generates a sequence of 2 loops");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp for collapse(5)\n#pragma omp stripe sizes(2, 2)\nfor (int i = 0; i < n; i++)\n"
                                        + "for (int j = 0; j < n; j++);\n}\n")
                        .messages())
                .contains(
                        "error: expected 5 for loops after '#pragma omp for', but found only 4 loops generated by '#pragma omp stripe'");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp fuse\n{\nfor (int i = 0; i < n; i *= 2);\nn++;\n}\n}\n")
                        .messages())
                .contains(
                        "error: increment clause of OpenMP for loop must perform simple addition or subtraction on loop variable 'i'",
                        "error: statement after '#pragma omp fuse' must be a for loop");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp for collapse(2)\n#pragma omp reverse\nfor (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++);\n}\n")
                        .messages())
                .contains(
                        "error: expected 2 for loops after '#pragma omp for', but found only 1 loop generated by '#pragma omp reverse'");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp fuse apply(grid: reverse)\n{\nfor (int i = 0; i < n; i++);\nfor (int i = 0; i < n; i++);\n}\n}\n")
                        .messages())
                .contains("error: 'grid' is not a loop modifier of '#pragma omp fuse' (expected 'fused')");
        ok(
                "void f(int n) {\n#pragma omp fuse apply(fused: reverse)\n{\nfor (int i = 0; i < n; i++);\nfor (int i = 0; i < n; i++);\n}\n"
                        + "#pragma omp tile sizes(4, 4) apply(grid(2): reverse) apply(intratile: unroll partial(2) apply(reverse), nothing)\n"
                        + "for (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++);\n"
                        + "#pragma omp reverse\n#pragma omp stripe sizes(2)\nfor (int i = 0; i < n; i++);\n}\n");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp tile sizes(4) apply(grid: interchange)\nfor (int i = 0; i < n; i++);\n}\n")
                        .messages())
                .contains(
                        "error: '#pragma omp interchange' is applied to loops that are not rectangular (a loop's trip count depends on another of them)");
        // split's loops are `split` loops, each a nest of its own; fuse's looprange leaves one fused loop
        ParseHelper sp = ok("void f(int n) {\n#pragma omp split counts(2, omp_fill, 3) apply(split(3): reverse)"
                + " apply(split: tile sizes(2) apply(grid: reverse))\nfor (int i = 0; i < n; i++);\n"
                + "#pragma omp fuse looprange(2, 2) apply(fused: reverse)\n{\nfor (int i = 0; i < n; i++);\n"
                + "for (int i = 0; i < n; i++);\nfor (int i = 0; i < n; i++);\n}\n}\n");
        OmpDirective split = directives(sp).get(0).directive();
        assertThat(jomp.compiler.ast.OmpGeneratedLoops.kinds(split)).containsExactly("split", "split", "split");
        assertThat(jomp.compiler.ast.OmpGeneratedLoops.partSteps(split, 0).stream()
                        .map(st -> st.directive().name() + "@" + st.position()))
                .containsExactly("tile@0", "reverse@0");
        assertThat(jomp.compiler.ast.OmpGeneratedLoops.partSteps(split, 1)).isEmpty();
        assertThat(jomp.compiler.ast.OmpGeneratedLoops.partSteps(split, 2).stream()
                        .map(st -> st.directive().name()))
                .containsExactly("reverse");
        assertThat(ParseHelper.parse(
                                "void f(int n) {\n#pragma omp split counts(2, omp_fill) apply(split: reverse, reverse, reverse)\n"
                                        + "for (int i = 0; i < n; i++);\n"
                                        + "#pragma omp for\n#pragma omp split counts(2, omp_fill) apply(split: reverse)\n"
                                        + "for (int i = 0; i < n; i++);\n}\n")
                        .messages())
                .contains(
                        "error: 'apply' clause names more 'split' loops than the 2 '#pragma omp split' generates",
                        "error: '#pragma omp for' must be associated with a loop nest, but '#pragma omp split' generates a sequence of 2 loops");
        ok("void f(int n) {\n#pragma omp split counts(2, omp_fill) apply(split(2): unroll partial(2) apply(reverse))\n"
                + "for (int i = 0; i < n; i++);\n}\n");
    }

    @Test
    void openmp60DataSharingAndGroupprivate() {
        ParseHelper h = ok("""
            int gp;
            #pragma omp groupprivate(gp) device_type(nohost)
            void f(int n) {
              int x = 0, y = 1, z;
            #pragma omp groupprivate(z)
            #pragma omp target teams distribute firstprivate(target: x) private(teams: y) default(shared: all)
              for (int i = 0; i < n; i++) x += y + z;
            #pragma omp parallel default(firstprivate: scalar) safesync(4) num_threads(dims(2): 2, 2)
              x++;
            #pragma omp atomic update memscope(device)
              x++;
            #pragma omp flush memscope(all)
            #pragma omp assume no_openmp_constructs(1)
              x++;
            }
            """);
        List<Stmt.Omp> ds = directives(h);
        List<OmpClause.ListClause> lists = ds.get(0).directive().clauses(OmpClause.ListClause.class);
        assertThat(lists.get(0).leaf()).isEqualTo("target");
        assertThat(lists.get(0).appliesTo(OmpDirective.Leaf.TARGET)).isTrue();
        assertThat(lists.get(0).appliesTo(OmpDirective.Leaf.TEAMS)).isFalse();
        assertThat(lists.get(1).leaf()).isEqualTo("teams");
        OmpClause.Default def =
                ds.get(1).directive().clauses(OmpClause.Default.class).get(0);
        assertThat(def.category()).isEqualTo("scalar");
        assertThat(def.covers(jomp.compiler.type.Type.INT)).isTrue();
        assertThat(def.covers(jomp.compiler.type.Type.pointerTo(jomp.compiler.type.Type.INT)))
                .isFalse();
        assertThat(ds.get(1)
                        .directive()
                        .clauses(OmpClause.ExprClause.class)
                        .get(0)
                        .value())
                .isInstanceOf(jomp.compiler.ast.Expr.Binary.class); // 2 * 2 teams' worth of threads

        assertThat(ParseHelper.parse("void f(int x) {\n#pragma omp parallel for firstprivate(teams: x)\n"
                                + "for (int i = 0; i < 4; i++) x++;\n}\n")
                        .messages())
                .contains("error: directive name modifier 'teams' on 'firstprivate' names no leaf of this directive");
        assertThat(ParseHelper.parse("void f(int x) {\n#pragma omp parallel default(private: allocatable)\nx++;\n}\n")
                        .messages())
                .contains("error: expected 'scalar', 'pointer', 'aggregate' or 'all' in OpenMP clause 'default'");
        assertThat(ParseHelper.parse("int g = 1;\n#pragma omp groupprivate(g)\n")
                        .messages())
                .contains("error: a groupprivate variable must not have an initializer");
        assertThat(ParseHelper.parse("void f(void) {\nint v = 2;\n#pragma omp groupprivate(v)\n}\n")
                        .messages())
                .contains("error: a groupprivate variable must not have an initializer");
        assertThat(ParseHelper.parse("void f(int x) {\n#pragma omp atomic update memscope(team)\nx++;\n}\n")
                        .messages())
                .contains("error: expected 'all', 'cgroup' or 'device' in OpenMP clause 'memscope'");
    }
}
