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
        assertThat(s).startsWith("OPENMP DISPLAY ENVIRONMENT BEGIN\n").endsWith("OPENMP DISPLAY ENVIRONMENT END\n");
        assertThat(s).contains("[host] OMP_NUM_THREADS='" + Icv.NUM_THREADS_LIST[0])
                .contains("[host] OMP_MAX_ACTIVE_LEVELS='" + Icv.maxActiveLevels + "'")
                .contains("[host] OMP_THREAD_LIMIT='" + Icv.THREAD_LIMIT + "'");
    }
}
