package jomp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * MPI with Debian's Open MPI (docs/user-guide.md § MPI): tests/c/mpi/jacobi.c, a distributed
 * Jacobi solver whose ranks exchange halos with MPI_Sendrecv, agree with MPI_Allreduce and sweep
 * on their OpenMP offload device, is built three ways (gcc through {@code mpicc -fopenmp}, the
 * reference; jomp through {@code OMPI_CC=jomp mpicc}; jomp given mpicc's own flags) and run by
 * {@code mpirun -np 2 --oversubscribe}; the jomp builds must print what the gcc build prints, and
 * their target regions must run on the jvm device of each rank.
 */
class MpiTest {
    private static final Map<String, String> MPI_ENV = Map.of(
            "OMPI_ALLOW_RUN_AS_ROOT",
            "1",
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM",
            "1",
            "OMP_NUM_THREADS",
            "2",
            "LIBOMPTARGET_INFO",
            "16");

    @Test
    void jacobiOverTwoRanksMatchesGcc() throws IOException {
        assertTrue(
                Exec.available("mpicc"),
                "Open MPI's mpicc is needed: install openmpi-bin and libopenmpi-dev (.ci/packages)");
        Path src = Corpus.root().resolve("tests/c/mpi/jacobi.c");
        Path work = Corpus.work("mpi");
        Path ref = work.resolve("jacobi-gcc"),
                viaMpicc = work.resolve("jacobi-mpicc"),
                direct = work.resolve("jacobi-flags");
        for (Path p : List.of(ref, viaMpicc, direct)) Files.deleteIfExists(p);

        Exec.Result g = Exec.run(
                List.of("mpicc", "-fopenmp", src.toString(), "-o", ref.toString(), "-lm"),
                work,
                Map.of(),
                work.resolve("tmp"));
        assertEquals(0, g.status(), () -> g.describe("mpicc (gcc)"));

        // OMPI_CC names the compiler mpicc runs: jomp, given mpicc's -I, -L and -lmpi
        String jomp = String.join(" ", Corpus.jompCommand());
        Exec.Result m = Exec.run(
                List.of("mpicc", "-fopenmp", "-fopenmp-targets=jvm", src.toString(), "-o", viaMpicc.toString(), "-lm"),
                work,
                Map.of("OMPI_CC", jomp),
                work.resolve("tmp"));
        assertEquals(0, m.status(), () -> m.describe("OMPI_CC=jomp mpicc"));

        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-fopenmp", "-fopenmp-targets=jvm"));
        cmd.addAll(words(showme("compile")));
        cmd.add(src.toString());
        cmd.addAll(words(showme("link")));
        cmd.addAll(List.of("-lm", "-o", direct.toString()));
        Exec.Result d = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
        assertEquals(0, d.status(), () -> d.describe("jomp with mpicc's flags"));

        Exec.Result want = mpirun(ref, work);
        assertEquals(0, want.status(), () -> want.describe("mpirun of the gcc build"));
        assertTrue(want.stdoutText().contains("checksum"), want.stdoutText());
        for (Path exe : List.of(viaMpicc, direct)) {
            Exec.Result got = mpirun(exe, work);
            assertEquals(0, got.status(), () -> got.describe("mpirun of " + exe.getFileName()));
            assertTrue(
                    Arrays.equals(want.stdout(), got.stdout()),
                    "output of " + exe.getFileName() + " differs:\n--- gcc:\n" + want.stdoutText() + "--- jomp:\n"
                            + got.stdoutText());
            // both ranks ran their sweeps on the jvm device (LIBOMPTARGET_INFO=16 reports each launch)
            long launches = got.stderr()
                    .lines()
                    .filter(l -> l.contains("info: Launching kernel"))
                    .count();
            assertTrue(
                    launches >= 2 * 2 * 10,
                    exe.getFileName() + ": " + launches + " kernel launches reported:\n" + got.stderr());
        }
    }

    private static Exec.Result mpirun(Path exe, Path work) {
        return Exec.run(
                List.of("mpirun", "-np", "2", "--oversubscribe", exe.toString()), work, MPI_ENV, work.resolve("tmp"));
    }

    private static String showme(String what) {
        Exec.Result r = Exec.run(
                List.of("mpicc", "--showme:" + what),
                Path.of("."),
                Map.of(),
                Corpus.work("mpi").resolve("tmp"));
        assertEquals(0, r.status(), () -> r.describe("mpicc --showme:" + what));
        return r.stdoutText().trim();
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }
}
