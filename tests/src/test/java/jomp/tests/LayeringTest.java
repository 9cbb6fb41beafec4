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
import jomp.toolchain.ToolChain;
import jomp.toolchain.ToolChains;
import jomp.toolchain.Triple;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * The layering of the code, checked on what the build made so that it cannot rot: the modules read
 * bottom-up in the root pom's order, in pipeline order, without circles; the compiled classes use
 * only the modules their pom names; no package circles inside a module; nothing depends on the
 * driver; no main source file passes 1,200 lines; what differs per target is decided only in the
 * target's places (its ToolChain in toolchain/, its back end, its plugin). Plain reflection over
 * the class files (every type a class names, through ASM's remapper, and every string constant),
 * no framework.
 */
class LayeringTest {
    /**
     * The modules whose relative order the pipeline fixes: shared formats, run-time library, the
     * compiler's stages (diagnostics, front end, IR, lowering, the device runtime's IR, the back ends,
     * cc1 that runs them in order), linker, driver.
     */
    static final List<String> PIPELINE = List.of(
            "offload-abi",
            "env",
            "objfile",
            "toolchain",
            "runtime",
            "compiler/diag",
            "compiler/front",
            "compiler/ir",
            "compiler/lower",
            "compiler/devrt",
            "compiler/jvm",
            "compiler/nvptx",
            "compiler/cc1",
            "linker-wrapper",
            "driver");
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
    /** class -> the string constants it holds (ldc, constant fields, invokedynamic arguments). */
    static Map<String, Set<String>> strings = new HashMap<>();

    /**
     * Where a per-target decision may be made (clang's ToolChain classes, LLVM's targets, libomptarget's
     * plugins): the targets' ToolChains, the back ends with the device runtime they link, the
     * plugins, and the formats of one target's own (NVIDIA's arch names and fat binaries, each target's
     * context traits).
     */
    static final Set<String> TARGET_MODULES = Set.of(
            "toolchain",
            "compiler/jvm",
            "compiler/nvptx",
            "compiler/devrt",
            "plugins/jvm",
            "plugins/cuda",
            "plugins/ptxsim");

    static final List<String> TARGET_PACKAGES = List.of("jomp/offload/abi/nvptx/", "jomp/offload/abi/jvm/");
    /** The one list outside them that names each back end: cc1 finds a target's back end there. */
    static final Set<String> TARGET_LISTS = Set.of("jomp/compiler/cc1/BackEnds");
    /** What toolchain/ offers everyone: the seam (a target's ToolChain, its Assembler and DeviceLinker, the list of targets), the host's triple, running programs. */
    static final Set<String> TOOLCHAIN_SEAMS =
            Set.of("ToolChain", "ToolChains", "Assembler", "DeviceLinker", "Programs", "Triple");

    @BeforeAll
    static void readTheBuild() throws IOException {
        root = Path.of(System.getProperty("jomp.root", "..")).toAbsolutePath().normalize();
        String rootPom = Files.readString(root.resolve("pom.xml"));
        modules = all(Pattern.compile("<module>([^<]+)</module>"), rootPom);
        Map<String, String> byArtifact = new HashMap<>();
        Map<String, String> poms = new HashMap<>();
        for (String m : modules) {
            String pom =
                    Files.readString(root.resolve(m).resolve("pom.xml")).replaceAll("(?s)<parent>.*?</parent>", "");
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
                Matcher g = Pattern.compile("<groupId>org\\.jomp</groupId>\\s*<artifactId>([^<]+)</artifactId>")
                        .matcher(d.group(1));
                if (!g.find()) continue;
                String target = byArtifact.get(g.group(1));
                assertThat(target)
                        .as(m + " depends on " + g.group(1) + ", which is no module of the root pom")
                        .isNotNull();
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
                assertThat(Files.isDirectory(root.resolve(m).resolve("src/main/java")))
                        .as(m + " has sources but no target/classes: build it first")
                        .isFalse();
                continue;
            }
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                    ClassReader cr = new ClassReader(Files.readAllBytes(p));
                    Set<String> named = new TreeSet<>();
                    cr.accept(
                            new ClassRemapper(new ClassWriter(0), new Remapper(Opcodes.ASM9) {
                                @Override
                                public String map(String internalName) {
                                    named.add(internalName);
                                    return internalName;
                                }
                            }),
                            0);
                    named.remove(cr.getClassName());
                    r.put(cr.getClassName(), named);
                    strings.put(cr.getClassName(), constants(cr));
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
                if (modules.indexOf(d) >= i)
                    problems.add(m + " depends on " + d
                            + ", which the root pom lists after it (a module may use only the ones below it)");
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
            for (String n : named)
                assertThat(n.startsWith("jomp/offload/abi/") || n.startsWith("java/"))
                        .as("offload-abi names " + n)
                        .isTrue();
    }

    @Test
    void theIrAndTheBackEndsStandBesideTheFrontEnd() {
        // the IR, its passes and both back ends never reach the C front end or the lowering: the nvptx
        // back end links the device runtime's shipped IR (compiler/devrt), it does not compile C
        for (String m : List.of("compiler/ir", "compiler/jvm", "compiler/nvptx"))
            assertThat(closure(m))
                    .as(m + "'s modules")
                    .doesNotContain("compiler/front", "compiler/lower", "compiler/devrt");
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
                    if (o != null && !o.equals(m) && !allowed.contains(o))
                        problems.add(
                                m + ": " + c.getKey() + " uses " + n + " of " + o + ", which its pom does not name");
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
                for (String n : c.getValue())
                    if (n.startsWith("jomp/driver/")) problems.add(m + ": " + c.getKey() + " uses " + n);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void noPackageCirclesInsideAModule() {
        List<String> problems = new ArrayList<>();
        for (String m : modules) {
            Map<String, Map<String, String>> graph = new TreeMap<>(); // package -> package it uses -> an example
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
                for (String p : scc)
                    for (var e : graph.get(p).entrySet())
                        if (scc.contains(e.getKey())) sb.append("\n    ").append(e.getValue());
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
                    try (Stream<String> lines = Files.lines(p)) {
                        n = lines.count();
                    }
                    if (n > MAX_LINES) problems.add(root.relativize(p) + ": " + n + " lines");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * No code outside a target's places decides by target: none names a target's own classes (a
     * ToolChain's class, a back end other than the host's, a plugin, a target's formats) and none
     * holds a device's name as a constant (its triple, an alias, its back end's name: what a
     * {@code triple.startsWith("nvptx")} or {@code codeGen() == PTX} test needs). The host is
     * the JVM: its triple and its back end (compiler/jvm) are everyone's.
     */
    @Test
    void perTargetDecisionsStayInTheTargetsPlaces() {
        List<String> problems = new ArrayList<>();
        for (String m : modules) {
            if (ASSEMBLIES.contains(m)) continue;
            for (var c : refs.get(m).entrySet())
                problems.addAll(targetDecisions(m, c.getKey(), c.getValue(), strings.get(c.getKey()), owner));
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aPerTargetDecisionOutsideItsPlaceIsFound() {
        // the kinds of test this rule exists for, in a class of the driver and in one of a ToolChain
        Map<String, String> owners = new HashMap<>(owner);
        String driverClass = "jomp/driver/job/Fake", toolchainClass = "jomp/toolchain/Fake";
        Set<String> named = Set.of(
                "jomp/toolchain/Nvptx",
                "jomp/compiler/nvptx/PtxBackend",
                "jomp/offload/abi/nvptx/CudaArch",
                "jomp/toolchain/ToolChain");
        Set<String> constants = Set.of("nvptx64", "nvptx64-jomp-ptxsim", "nvptx", "ptx", "-target-cpu");
        assertThat(targetDecisions("driver", driverClass, named, constants, owners))
                .hasSize(6)
                .anyMatch(p -> p.contains("jomp/toolchain/Nvptx"))
                .anyMatch(p -> p.contains("\"nvptx64\""))
                .anyMatch(p -> p.contains("\"nvptx\""))
                .noneMatch(p -> p.contains("names jomp/toolchain/ToolChain,"))
                .noneMatch(p -> p.contains("\"ptx\""));
        assertThat(targetDecisions("toolchain", toolchainClass, named, constants, owners))
                .isEmpty();
        assertThat(targetDecisions("compiler/cc1", "jomp/compiler/cc1/BackEnds", named, constants, owners))
                .isEmpty();
        // the class files hold what the rule reads: the string constants of a compiled test
        assertThat(strings.get("jomp/runtime/offload/DeviceApi")).isNotNull();
    }

    /** The per-target decisions of class {@code c} of module {@code m}: the target classes it names and the device names it holds. */
    static List<String> targetDecisions(
            String m, String c, Set<String> named, Set<String> constants, Map<String, String> owners) {
        List<String> problems = new ArrayList<>();
        if (inTargetPlace(m, c)) return problems;
        for (String n : named) {
            String o = owners.get(n);
            if (o == null || o.equals(m) && !n.startsWith("jomp/toolchain/")) continue;
            boolean targets = n.startsWith("jomp/toolchain/")
                    ? !TOOLCHAIN_SEAMS.contains(outer(n).substring("jomp/toolchain/".length()))
                    : o.equals("compiler/nvptx")
                            || o.startsWith("plugins/")
                            || TARGET_PACKAGES.stream().anyMatch(n::startsWith);
            if (targets)
                problems.add(m + ": " + c + " names " + n
                        + ", a class of one target (ask its ToolChain, back end or plugin instead)");
        }
        Set<String> words = targetWords();
        for (String k : constants == null ? Set.<String>of() : constants) {
            String w = k.strip();
            boolean isTarget =
                    words.contains(w) || words.stream().anyMatch(t -> t.contains("-") && w.startsWith(t + "-"));
            if (isTarget)
                problems.add(m + ": " + c + " holds \"" + w
                        + "\", a device's name (a decision by target outside its ToolChain, back end or plugin)");
        }
        return problems;
    }

    private static boolean inTargetPlace(String m, String c) {
        return TARGET_MODULES.contains(m)
                || TARGET_LISTS.contains(outer(c))
                || TARGET_PACKAGES.stream().anyMatch(c::startsWith);
    }

    /** A nested class's outermost class. */
    private static String outer(String c) {
        int d = c.indexOf('$');
        return d < 0 ? c : c.substring(0, d);
    }

    /** The devices' triples and names and their back ends' names, the host's (the JVM's) left out. */
    static Set<String> targetWords() {
        Set<String> words = new TreeSet<>();
        for (ToolChain tc : ToolChains.devices()) {
            if (!tc.triple().equals(Triple.HOST)) words.add(tc.triple());
            words.addAll(tc.aliases());
            words.add(tc.backEnd());
        }
        words.removeAll(hostWords());
        return words;
    }

    /** The host's names: its triple and the JVM back end's name, which the host shares with the jvm device. */
    private static Set<String> hostWords() {
        ToolChain jvm = ToolChains.device(Triple.HOST);
        return jvm == null ? Set.of(Triple.HOST) : Set.of(Triple.HOST, jvm.backEnd());
    }

    /** The string constants of a class. */
    static Set<String> constants(ClassReader cr) {
        Set<String> out = new TreeSet<>();
        cr.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public FieldVisitor visitField(
                            int access, String name, String descriptor, String signature, Object value) {
                        if (value instanceof String v) out.add(v);
                        return null;
                    }

                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitLdcInsn(Object value) {
                                if (value instanceof String v) out.add(v);
                            }

                            @Override
                            public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                                for (Object a : args) if (a instanceof String v) out.add(v);
                            }
                        };
                    }
                },
                ClassReader.SKIP_FRAMES);
        return out;
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
        for (String v : graph.keySet())
            if (!index.containsKey(v)) strongConnect(v, graph, index, low, stack, onStack, counter, out);
        return out;
    }

    private static void strongConnect(
            String v,
            Map<String, Map<String, String>> graph,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            Set<String> onStack,
            int[] counter,
            List<Set<String>> out) {
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
