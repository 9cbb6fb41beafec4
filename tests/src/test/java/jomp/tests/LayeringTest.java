package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * The layering of the code, checked on what the build made so that it cannot rot: the modules read
 * bottom-up in the root pom's order, in pipeline order, without circles; the compiled classes use
 * only the modules their pom names; no package circles inside a module; nothing depends on the
 * driver; no main source file passes 1,200 lines. Plain reflection over the class files (every
 * type a class names, through ASM's remapper), no framework.
 */
class LayeringTest {
    /**
     * The modules whose relative order the pipeline fixes: shared formats, run-time library, the
     * compiler's stages (diagnostics, front end, IR, lowering, the device runtime's IR, the back ends,
     * cc1 that runs them in order), linker, driver.
     */
    static final List<String> PIPELINE = List.of("offload-abi", "env", "objfile", "toolchain", "runtime",
            "compiler/diag", "compiler/front", "compiler/ir", "compiler/lower", "compiler/devrt", "compiler/jvm", "compiler/nvptx", "compiler/cc1",
            "linker-wrapper", "driver");
    /** Packaging and system tests: they gather everything, the driver included. */
    static final Set<String> ASSEMBLIES = Set.of("dist", "tests");
    static final int MAX_LINES = 1200;

    static Path root;
    /** Root pom order. */
    static List<String> modules;
    /** module -> the jomp modules its pom depends on (any scope), and in compile/runtime scope. */
    static Map<String, Set<String>> deps = new LinkedHashMap<>(), mainDeps = new LinkedHashMap<>();
    /** internal class name -> module. */
    static Map<String, String> owner = new HashMap<>();
    /** module -> its classes' references: class -> classes it names. */
    static Map<String, Map<String, Set<String>>> refs = new LinkedHashMap<>();

    @BeforeAll
    static void readTheBuild() throws IOException {
        root = Path.of(System.getProperty("jomp.root", "..")).toAbsolutePath().normalize();
        String rootPom = Files.readString(root.resolve("pom.xml"));
        modules = all(Pattern.compile("<module>([^<]+)</module>"), rootPom);
        Map<String, String> byArtifact = new HashMap<>();
        Map<String, String> poms = new HashMap<>();
        for (String m : modules) {
            String pom = Files.readString(root.resolve(m).resolve("pom.xml")).replaceAll("(?s)<parent>.*?</parent>", "");
            poms.put(m, pom);
            Matcher a = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(pom);
            assertThat(a.find()).as(m + "/pom.xml names its artifact").isTrue();
            byArtifact.put(a.group(1), m);
        }
        Pattern dep = Pattern.compile("(?s)<dependency>(.*?)</dependency>");
        for (String m : modules) {
            Set<String> any = new LinkedHashSet<>(), main = new LinkedHashSet<>();
            Matcher d = dep.matcher(poms.get(m).replaceAll("(?s)<build>.*?</build>", ""));
            while (d.find()) {
                Matcher g = Pattern.compile("<groupId>org\\.jomp</groupId>\\s*<artifactId>([^<]+)</artifactId>").matcher(d.group(1));
                if (!g.find()) continue;
                String target = byArtifact.get(g.group(1));
                assertThat(target).as(m + " depends on " + g.group(1) + ", which is no module of the root pom").isNotNull();
                any.add(target);
                if (!d.group(1).contains("<scope>test</scope>")) main.add(target);
            }
            deps.put(m, any);
            mainDeps.put(m, main);
        }
        for (String m : modules) {
            Path classes = root.resolve(m).resolve("target/classes");
            Map<String, Set<String>> r = new TreeMap<>();
            refs.put(m, r);
            if (!Files.isDirectory(classes)) {
                assertThat(Files.isDirectory(root.resolve(m).resolve("src/main/java"))).as(m + " has sources but no target/classes: build it first").isFalse();
                continue;
            }
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                    ClassReader cr = new ClassReader(Files.readAllBytes(p));
                    Set<String> named = new TreeSet<>();
                    cr.accept(new ClassRemapper(new ClassWriter(0), new Remapper(Opcodes.ASM9) {
                        @Override public String map(String internalName) {
                            named.add(internalName);
                            return internalName;
                        }
                    }), 0);
                    named.remove(cr.getClassName());
                    r.put(cr.getClassName(), named);
                    String was = owner.put(cr.getClassName(), m);
                    assertThat(was).as(cr.getClassName() + " is in two modules").isNull();
                }
            }
        }
    }

    @Test
    void theRootPomListsTheModulesBottomUpInPipelineOrder() {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < modules.size(); i++) {
            String m = modules.get(i);
            for (String d : deps.get(m)) {
                if (modules.indexOf(d) >= i) problems.add(m + " depends on " + d + ", which the root pom lists after it (a module may use only the ones below it)");
            }
        }
        int last = -1;
        for (String p : PIPELINE) {
            int at = modules.indexOf(p);
            if (at < 0) problems.add("the root pom lacks " + p);
            else if (at < last) problems.add(p + " comes before an earlier stage of the pipeline " + PIPELINE);
            last = Math.max(last, at);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theOffloadAbiDependsOnNothing() throws IOException {
        String pom = Files.readString(root.resolve("offload-abi/pom.xml"));
        assertThat(pom).doesNotContain("<dependency>");
        for (Set<String> named : refs.get("offload-abi").values())
            for (String n : named) assertThat(n.startsWith("jomp/offload/abi/") || n.startsWith("java/")).as("offload-abi names " + n).isTrue();
    }

    @Test
    void theIrAndTheBackEndsStandBesideTheFrontEnd() {
        // the IR, its passes and both back ends never reach the C front end or the lowering: the nvptx
        // back end links the device runtime's shipped IR (compiler/devrt), it does not compile C
        for (String m : List.of("compiler/ir", "compiler/jvm", "compiler/nvptx"))
            assertThat(closure(m)).as(m + "'s modules").doesNotContain("compiler/front", "compiler/lower", "compiler/devrt");
        assertThat(closure("compiler/front")).as("the front end's modules").doesNotContain("compiler/ir");
    }

    @Test
    void classesUseOnlyTheModulesTheirPomNames() {
        List<String> problems = new ArrayList<>();
        for (String m : modules) {
            Set<String> allowed = closure(m);
            for (var c : refs.get(m).entrySet()) {
                for (String n : c.getValue()) {
                    String o = owner.get(n);
                    if (o != null && !o.equals(m) && !allowed.contains(o)) problems.add(m + ": " + c.getKey() + " uses " + n + " of " + o + ", which its pom does not name");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void nothingDependsOnTheDriver() {
        List<String> problems = new ArrayList<>();
        for (String m : modules) {
            if (m.equals("driver") || ASSEMBLIES.contains(m)) continue;
            if (deps.get(m).contains("driver")) problems.add(m + "/pom.xml depends on driver");
            for (var c : refs.get(m).entrySet())
                for (String n : c.getValue()) if (n.startsWith("jomp/driver/")) problems.add(m + ": " + c.getKey() + " uses " + n);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void noPackageCirclesInsideAModule() {
        List<String> problems = new ArrayList<>();
        for (String m : modules) {
            Map<String, Map<String, String>> graph = new TreeMap<>();   // package -> package it uses -> an example
            for (var c : refs.get(m).entrySet()) {
                String from = pkg(c.getKey());
                graph.computeIfAbsent(from, k -> new TreeMap<>());
                for (String n : c.getValue()) {
                    if (!m.equals(owner.get(n)) || pkg(n).equals(from)) continue;
                    graph.get(from).putIfAbsent(pkg(n), c.getKey() + " -> " + n);
                }
            }
            for (Set<String> scc : circles(graph)) {
                StringBuilder sb = new StringBuilder(m + ": packages " + scc + " use each other:");
                for (String p : scc) for (var e : graph.get(p).entrySet()) if (scc.contains(e.getKey())) sb.append("\n    ").append(e.getValue());
                problems.add(sb.toString());
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void noMainSourceFileOver1200Lines() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String m : modules) {
            Path src = root.resolve(m).resolve("src/main/java");
            if (!Files.isDirectory(src)) continue;
            try (Stream<Path> files = Files.walk(src)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
                    long n;
                    try (Stream<String> lines = Files.lines(p)) { n = lines.count(); }
                    if (n > MAX_LINES) problems.add(root.relativize(p) + ": " + n + " lines");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void circlesAreFoundAndChainsAreNot() {
        Map<String, Map<String, String>> g = new TreeMap<>();
        g.put("a", new TreeMap<>(Map.of("b", "")));
        g.put("b", new TreeMap<>(Map.of("c", "")));
        g.put("c", new TreeMap<>(Map.of("a", "", "d", "")));
        g.put("d", new TreeMap<>(Map.of("e", "")));
        g.put("e", new TreeMap<>());
        assertThat(circles(g)).containsExactly(Set.of("a", "b", "c"));
        g.get("c").remove("a");
        assertThat(circles(g)).isEmpty();
    }

    private static Set<String> closure(String m) {
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>(mainDeps.get(m));
        while (!work.isEmpty()) {
            String d = work.pop();
            if (seen.add(d)) work.addAll(mainDeps.get(d));
        }
        // a module's tests may use its test-scoped modules, but its main classes are all this looks at
        return seen;
    }

    private static String pkg(String internalName) {
        int i = internalName.lastIndexOf('/');
        return i < 0 ? "" : internalName.substring(0, i).replace('/', '.');
    }

    /** The strongly connected components of more than one package (Tarjan). */
    static List<Set<String>> circles(Map<String, Map<String, String>> graph) {
        List<Set<String>> out = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>(), low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        int[] counter = {0};
        for (String v : graph.keySet()) if (!index.containsKey(v)) strongConnect(v, graph, index, low, stack, onStack, counter, out);
        return out;
    }

    private static void strongConnect(String v, Map<String, Map<String, String>> graph, Map<String, Integer> index, Map<String, Integer> low,
                                      Deque<String> stack, Set<String> onStack, int[] counter, List<Set<String>> out) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Map.of()).keySet()) {
            if (!index.containsKey(w)) {
                strongConnect(w, graph, index, low, stack, onStack, counter, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> scc = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                scc.add(w);
            } while (!w.equals(v));
            if (scc.size() > 1) out.add(scc);
        }
    }

    private static List<String> all(Pattern p, String s) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) out.add(m.group(1).trim());
        return out;
    }
}
