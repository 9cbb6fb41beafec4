package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Environment parsing, through the package-private parsers (the test JVM's environment stays as it is). */
class IcvTest {
    @Test
    void numThreads() {
        assertThat(Icv.parseNumThreads("4")).containsExactly(4);
        assertThat(Icv.parseNumThreads(" 8 ")).containsExactly(8);
        assertThat(Icv.parseNumThreads("4,2")).containsExactly(4, 2);
        assertThat(Icv.parseNumThreads("4 , 2,1")).containsExactly(4, 2, 1);
        assertThat(Icv.parseNumThreads("0")).isNull();
        assertThat(Icv.parseNumThreads("-3")).isNull();
        assertThat(Icv.parseNumThreads("four")).isNull();
        assertThat(Icv.parseNumThreads("4,")).isNull();
        assertThat(Icv.parseNumThreads("")).isNull();
        assertThat(Icv.parseNumThreads("99999999999")).isNull();
    }

    @Test
    void schedule() {
        assertThat(Icv.parseSchedule("static")).containsExactly(Icv.SCHED_STATIC, 0);
        assertThat(Icv.parseSchedule("DYNAMIC,4")).containsExactly(Icv.SCHED_DYNAMIC, 4);
        assertThat(Icv.parseSchedule("guided, 16")).containsExactly(Icv.SCHED_GUIDED, 16);
        assertThat(Icv.parseSchedule("auto")).containsExactly(Icv.SCHED_AUTO, 0);
        assertThat(Icv.parseSchedule("monotonic:dynamic,2")).containsExactly(Icv.SCHED_DYNAMIC | 0x80000000, 2);
        assertThat(Icv.parseSchedule("nonmonotonic:guided")).containsExactly(Icv.SCHED_GUIDED, 0);
        assertThat(Icv.parseSchedule("fast")).isNull();
        assertThat(Icv.parseSchedule("static,0")).isNull();
        assertThat(Icv.parseSchedule("static,2,3")).isNull();
        assertThat(Icv.scheduleName(Icv.SCHED_GUIDED, 16)).isEqualTo("GUIDED,16");
    }

    @Test
    void positiveIntegers() {
        assertThat(Icv.parsePositive("255", false)).isEqualTo(255);
        assertThat(Icv.parsePositive("0", true)).isZero();
        assertThat(Icv.parsePositive("0", false)).isEqualTo(-1);
        assertThat(Icv.parsePositive("1e3", false)).isEqualTo(-1);
    }

    @Test
    void displayEnvListsTheIcvs() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Icv.display(new PrintStream(b, true, StandardCharsets.UTF_8));
        String s = b.toString(StandardCharsets.UTF_8);
        assertThat(s)
                .startsWith("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n")
                .endsWith("OPENMP DISPLAY ENVIRONMENT END\n\n"); // libomp's blank lines around it
        assertThat(s)
                .contains("[host] OMP_NUM_THREADS='" + Icv.NUM_THREADS_LIST[0])
                .contains("[host] OMP_MAX_ACTIVE_LEVELS='" + Icv.maxActiveLevels + "'")
                .contains("[host] OMP_THREAD_LIMIT='" + Icv.THREAD_LIMIT + "'");
    }

    @Test
    void displayEnvHasTheSpecsShapeAndEveryIcv() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Icv.display(new PrintStream(b, true, StandardCharsets.UTF_8), true);
        java.util.List<String> lines =
                b.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(1)).isEqualTo("OPENMP DISPLAY ENVIRONMENT BEGIN");
        assertThat(lines.get(2)).isEqualTo("   _OPENMP='" + Icv.OPENMP + "'");
        assertThat(lines).contains("OPENMP DISPLAY ENVIRONMENT END");
        java.util.List<String> icvs = lines.stream()
                .filter(l -> l.startsWith("  [host] OMP_"))
                .map(l -> l.substring(9).split("[=:]")[0])
                .toList();
        assertThat(icvs)
                .isSorted()
                .contains(
                        "OMP_AFFINITY_FORMAT",
                        "OMP_ALLOCATOR",
                        "OMP_CANCELLATION",
                        "OMP_DEFAULT_DEVICE",
                        "OMP_DISPLAY_AFFINITY",
                        "OMP_DISPLAY_ENV",
                        "OMP_DYNAMIC",
                        "OMP_MAX_ACTIVE_LEVELS",
                        "OMP_MAX_TASK_PRIORITY",
                        "OMP_NUM_TEAMS",
                        "OMP_NUM_THREADS",
                        "OMP_PLACES",
                        "OMP_PROC_BIND",
                        "OMP_SCHEDULE",
                        "OMP_STACKSIZE",
                        "OMP_TARGET_OFFLOAD",
                        "OMP_TEAMS_THREAD_LIMIT",
                        "OMP_THREAD_LIMIT",
                        "OMP_WAIT_POLICY");
        assertThat(lines)
                .filteredOn(l -> l.startsWith("  [host] "))
                .allMatch(l -> l.matches("  \\[host\\] [A-Z_]+(='[^']*'|: .*)"));
        assertThat(lines).anyMatch(l -> l.startsWith("  [host] LIBOMPTARGET_INFO")); // verbose: jomp's own variables
    }

    @Test
    void placesAsTheSpecWritesThem() {
        assertThat(Places.parsePlaces("{0,1},{2,3}")).containsExactly(new int[] {0, 1}, new int[] {2, 3});
        assertThat(Places.parsePlaces("{0:4}:3:4"))
                .containsExactly(new int[] {0, 1, 2, 3}, new int[] {4, 5, 6, 7}, new int[] {8, 9, 10, 11});
        assertThat(Places.parsePlaces("{0:4:2}")).containsExactly(new int[] {0, 2, 4, 6});
        assertThat(Places.parsePlaces("{0,1,!1},{5}")).containsExactly(new int[] {0}, new int[] {5});
        assertThat(Places.parsePlaces("{0},{1},!{0}")).containsExactly(new int[] {1});
        assertThat(Places.parsePlaces("threads(1)")).hasSize(1);
        assertThat(Places.parsePlaces("sockets")).isNotEmpty();
        assertThat(Places.parsePlaces("{0")).isNull();
        assertThat(Places.parsePlaces("cores(x)")).isNull();
        assertThat(Places.parseBind("spread,close")).containsExactly(Places.SPREAD, Places.CLOSE);
        assertThat(Places.parseBind("master")).containsExactly(Places.PRIMARY);
        assertThat(Places.parseBind("true,close")).isNull();
        assertThat(Places.parseBind("tight")).isNull();
        assertThat(Places.procs(new int[] {0, 1, 2, 5, 7, 8})).isEqualTo("0-2,5,7-8");
    }

    @Test
    void threadsGoToPlacesAsCloseSpreadAndPrimarySay() {
        // 8 places, the primary on place 2, 4 threads
        int[] close = new int[4], spread = new int[4];
        for (int t = 0; t < 4; t++) {
            close[t] = Places.assign(Places.CLOSE, 2, 0, 8, t, 4)[0];
            spread[t] = Places.assign(Places.SPREAD, 2, 0, 8, t, 4)[0];
        }
        assertThat(close).containsExactly(2, 3, 4, 5);
        assertThat(spread).containsExactly(2, 4, 6, 0);
        assertThat(Places.assign(Places.SPREAD, 2, 0, 8, 1, 4))
                .containsExactly(4, 4, 6); // its own partition of two places
        assertThat(Places.assign(Places.PRIMARY, 2, 0, 8, 3, 4)[0]).isEqualTo(2);
        assertThat(Places.assign(Places.FALSE, 2, 0, 8, 3, 4)[0]).isEqualTo(-1);
        // more threads than places: consecutive threads share a place
        int[] many = new int[8];
        for (int t = 0; t < 8; t++) many[t] = Places.assign(Places.CLOSE, 0, 0, 4, t, 8)[0];
        assertThat(many).containsExactly(0, 0, 1, 1, 2, 2, 3, 3);
    }

    @Test
    void affinityFormatFields() {
        OmpThread t = OmpThread.current();
        assertThat(Affinity.capture("%n/%N %L %0.3n|%3n|%.3n|%{thread_num}%%", t))
                .isEqualTo("0/1 0 000|0  |  0|0%");
        assertThat(Affinity.capture("pid %P", t))
                .isEqualTo("pid " + ProcessHandle.current().pid());
        assertThat(Affinity.capture("%a %t/%T %Q", t)).isEqualTo("-1 0/1 %Q");
        assertThat(Affinity.capture("%i", t)).matches("\\d+");
    }
}
