package jomp.linker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import jomp.linker.host.HostLinker;
import jomp.linker.host.LinkInputs;
import jomp.objfile.FormatException;
import jomp.objfile.archive.Archive;
import jomp.objfile.archive.ArchiveWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The link's readers on damaged inputs: real jomp objects and an archive of one, each
 * mutated as objfile's ReaderFuzzTest mutates its seeds, are linked. The link either reports the
 * damage as an error naming the file (an input, link or format error, as ld does), or the damage
 * changed nothing it reads and it links exactly the program the undamaged inputs make; no other
 * exception escapes, and the program it writes never holds a class the JVM would refuse.
 */
class LinkFuzzTest {
    @TempDir
    static Path dir;

    static final String MAIN = """
            #include <stdio.h>
            #include <string.h>
            struct point { int x, y; double w; };
            extern int counter;
            extern const char *names[];
            int scale(struct point p, int k);
            int apply(int (*f)(int), int v);
            static int twice(int v) { return 2 * v; }
            int main(int argc, char **argv) {
                struct point p = {3, 4, 0.5};
                char buf[32];
                snprintf(buf, sizeof buf, "%s-%d", names[1], scale(p, argc));
                counter += (int)strlen(buf);
                printf("%s %d %d\\n", buf, apply(twice, counter), (int)(p.w * 4));
                return 0;
            }
            """;
    static final String UTIL = """
            struct point { int x, y; double w; };
            int counter = 7;
            const char *names[] = {"zero", "one", "two"};
            int scale(struct point p, int k) { return (p.x * p.x + p.y * p.y) * k; }
            int apply(int (*f)(int), int v) { return f(v) + counter; }
            """;

    private static byte[] compile(String name, String source) throws Exception {
        Path src = dir.resolve(name + ".c"), obj = dir.resolve(name + ".o");
        Files.writeString(src, source);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = jomp.compiler.cc1.Cc1.run(
                new String[] {"-triple", "jvm64-jomp-linux", "-emit-obj", "-o", obj.toString(), src.toString()},
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true));
        assertThat(rc).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return Files.readAllBytes(obj);
    }

    /** The link of main.o and libutil.a as the wrapper does it, short of writing the file. */
    private static HostLinker.Linked link(byte[] main, byte[] archive) throws Exception {
        Path m = dir.resolve("m.o"), a = dir.resolve("libutil.a");
        Files.write(m, main);
        Files.write(a, archive);
        List<HostLinker.Input> objects = new ArrayList<>();
        LinkInputs in = new LinkInputs(new ArrayList<>(), objects);
        in.addAll(List.of(m.toString(), a.toString()));
        in.addDefaults();
        return HostLinker.link(objects, false, in.natives());
    }

    @Test
    @Timeout(600)
    void damagedObjectsAndArchivesAreErrorsOrChangeNothing() throws Exception {
        byte[] main = compile("main", MAIN);
        byte[] archive = ArchiveWriter.writeGnu(List.of(new Archive.Member("util.o", compile("util", UTIL))));
        HostLinker.Linked want = link(main, archive);
        Random r = new Random(22);
        int errors = 0, same = 0;
        List<String> findings = new ArrayList<>();
        for (int i = 0; i < 1000 && findings.size() < 5; i++) {
            boolean damageMain = r.nextBoolean();
            byte[] m = damageMain ? mutate(r, main) : main, a = damageMain ? archive : mutate(r, archive);
            try {
                HostLinker.Linked got = link(m, a);
                if (!sameProgram(want, got))
                    findings.add("input " + i + ": linked a different program from damaged input");
                else same++;
            } catch (LinkInputs.InputError | HostLinker.LinkError | FormatException e) {
                errors++;
                // a damaged name of a symbol the archive defines leaves main's reference undefined: ld
                // then names the file that refers to it (m.o), as jomp does
                boolean undefined = e instanceof HostLinker.LinkError
                        && e.getMessage() != null
                        && e.getMessage().contains("undefined reference");
                if (e.getMessage() == null || !undefined && !e.getMessage().contains(damageMain ? "m.o" : "libutil.a"))
                    findings.add("input " + i + ": the error does not name the damaged file: " + e.getMessage());
            } catch (Throwable t) {
                findings.add(
                        "input " + i + ": " + t + " at " + (t.getStackTrace().length > 0 ? t.getStackTrace()[0] : "?"));
            }
        }
        assertThat(findings).isEmpty();
        assertThat(errors).as("damage the link reported").isGreaterThan(300);
        assertThat(same)
                .as("damage the link does not read (padding, .comment, ar's index)")
                .isGreaterThan(0);
    }

    /** The wrapper itself: a damaged class is one line naming the file and status 1, nothing else (no stack trace). */
    @Test
    void theWrapperReportsADamagedClassInOneLine() throws Exception {
        byte[] main = compile("main2", MAIN);
        int at = indexOf(main, new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe});
        assertThat(at).isPositive();
        main[at + 40] ^= 0x10; // inside the class file's constant pool
        Path m = dir.resolve("bad.o");
        Files.write(m, main);
        Files.write(dir.resolve("util.o"), compile("util2", UTIL));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = LinkerWrapperMain.run(
                new String[] {
                    "-o",
                    dir.resolve("bad").toString(),
                    m.toString(),
                    dir.resolve("util.o").toString()
                },
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(rc).isEqualTo(1);
        assertThat(text)
                .isEqualTo("jomp-linker-wrapper: error: " + m
                        + ": its contents do not match their check (the file is damaged)\n");
        assertThat(dir.resolve("bad")).doesNotExist();
    }

    private static boolean sameProgram(HostLinker.Linked a, HostLinker.Linked b) {
        if (!a.classes().keySet().equals(b.classes().keySet())
                || !a.resources().keySet().equals(b.resources().keySet())) return false;
        for (Map.Entry<String, byte[]> e : a.classes().entrySet())
            if (!Arrays.equals(e.getValue(), b.classes().get(e.getKey()))) return false;
        for (Map.Entry<String, byte[]> e : a.resources().entrySet())
            if (!Arrays.equals(e.getValue(), b.resources().get(e.getKey()))) return false;
        return true;
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }

    private static final long[] INTERESTING = {
        0, 1, 7, 8, 24, 32, 40, 0x7f, 0xff, 0xffff, 0x7fffffffL, 0x80000000L, 0xffffffffL, -1L
    };

    /** One to four of: a bit flipped, a byte replaced, an interesting word written, the file cut short. */
    private static byte[] mutate(Random r, byte[] seed) {
        byte[] d = seed.clone();
        for (int k = 1 + r.nextInt(4); k > 0 && d.length > 0; k--) {
            int at = r.nextInt(d.length);
            switch (r.nextInt(5)) {
                case 0 -> d[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> d[at] = (byte) r.nextInt(256);
                case 2, 3 -> {
                    long v = INTERESTING[r.nextInt(INTERESTING.length)];
                    int size = r.nextBoolean() ? 4 : 8;
                    for (int i = 0; i < size && (at & ~(size - 1)) + i < d.length; i++)
                        d[(at & ~(size - 1)) + i] = (byte) (v >>> (8 * i));
                }
                default -> d = Arrays.copyOf(d, at);
            }
        }
        return d;
    }
}
