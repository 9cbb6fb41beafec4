package jomp.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Broken input never crashes the parser: every prefix of a valid program, and the program with
 * tokens deleted at random, parse to diagnostics (no exception escapes, no hang).
 */
class RobustnessTest {
    private static String sample() throws Exception {
        try (InputStream in = RobustnessTest.class.getResourceAsStream("sample.c")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void sampleIsValid() throws Exception {
        assertThat(ParseHelper.parse(sample()).messages()).doesNotContain("error:");
    }

    @Test
    void everyPrefixParsesWithoutCrashing() throws Exception {
        String src = sample();
        int checked = 0;
        for (int i = 0; i < src.length(); i += 7) {
            String prefix = src.substring(0, i);
            ParseHelper h = ParseHelper.parse(prefix); // throws on any internal error
            if (i > 0 && !prefix.isBlank()) checked++;
            assertThat(h.diagnostics).doesNotContain("Exception");
        }
        assertThat(checked).isGreaterThan(100);
    }

    /**
     * Declarators without their names, and names replaced by what a declarator may hold, one
     * identifier at a time ({@code int (void) { ... }} once crashed the definition's checks), in
     * C17 and in C89 (implicit int, K&R identifier lists), with the warnings pass after a clean parse.
     */
    @Test
    void declaratorMutationsCompileWithoutCrashing() throws Exception {
        String src = sample();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("\\b[A-Za-z_]\\w*\\b").matcher(src);
        java.util.List<int[]> words = new java.util.ArrayList<>();
        while (m.find()) words.add(new int[] {m.start(), m.end()});
        String[] replacements = {"", "(void)", "(*)", "(a, b)", "x y"};
        int runs = 0;
        for (int k = 0; k < words.size(); k++) {
            int[] w = words.get(k);
            String repl = replacements[k % replacements.length];
            String variant = src.substring(0, w[0]) + repl + src.substring(w[1]);
            for (java.util.List<String> flags : java.util.List.of(
                    java.util.List.of("-Wall", "-Wextra"), java.util.List.of("-std=gnu89", "-Wall"))) {
                ParseHelper h = ParseHelper.compile("t.c", variant, flags); // throws on any internal error
                assertThat(h.diagnostics).doesNotContain("Exception");
                runs++;
            }
        }
        assertThat(runs).isGreaterThan(400);
    }

    /** Words deleted and duplicated at random (found a self-containing struct and an initializer loop once). */
    @Test
    void randomMutationsParseWithoutCrashingOrHanging() throws Exception {
        String src = sample();
        String[] words = src.split("(?<=[ ;,(){}\\[\\]])");
        Random r = new Random(42);
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int round = 0; round < 1500; round++) {
                StringBuilder sb = new StringBuilder();
                for (String w : words) {
                    int k = r.nextInt(30);
                    if (k == 1) sb.append(words[r.nextInt(words.length)]);
                    if (k != 0) sb.append(w);
                }
                ParseHelper.parse(sb.toString());
            }
        });
    }
}
