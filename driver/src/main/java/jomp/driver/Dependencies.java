package jomp.driver;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import jomp.compiler.preprocess.DependencyFile;
import jomp.driver.action.FileType;
import jomp.driver.options.Arg;
import jomp.driver.options.Opt;

/**
 * clang's -M family, turned into the cc1 options of the job that preprocesses each source, as
 * clang's Clang::AddPreprocessingOptions does: -M/-MM write only the rule (to -MF, else -o, else
 * stdout), -MD/-MMD write it beside the compile (to -MF, else the -o name with .d, else the
 * input's stem with .d); the targets are -MT as given and -MQ quoted, else the -o name, else
 * the input's base name with .o; -M and -MD list system headers; -MP adds an empty rule per
 * header. {@code -Wp,-MD,<file>} and {@code -Wp,-MMD,<file>} are -MD/-MMD with -MF, as in clang.
 */
record Dependencies(Opt kind, String mf, List<String> targets, boolean phony, String output, boolean only) {

    static Dependencies of(List<Arg> args, String output, boolean only) {
        Opt m = null, md = null;
        String mf = null;
        List<String> targets = new ArrayList<>();
        boolean phony = false;
        for (Arg a : args) {
            if (a.opt() == null) continue;
            switch (a.opt()) {
                case M, MM -> m = a.opt();
                case MD, MMD -> md = a.opt();
                case MF -> mf = a.value();
                case MT -> targets.add(a.value());
                case MQ -> targets.add(DependencyFile.quoteTarget(a.value()));
                case MP -> phony = true;
                case WP -> {
                    List<String> v = a.values();
                    if (v.get(0).equals("-MD") || v.get(0).equals("-MMD")) {
                        md = v.get(0).equals("-MD") ? Opt.MD : Opt.MMD;
                        if (v.size() == 2) mf = v.get(1);
                    }
                }
                default -> {}
            }
        }
        Opt kind = m != null ? m : md;
        return new Dependencies(kind, mf, targets, phony, output, only && kind != null);
    }

    boolean wanted() {
        return kind != null;
    }

    /** The dependency file of one source ("-": stdout). */
    String file(String source) {
        if (mf != null) return mf;
        if (only) return output != null ? output : "-";
        if (output != null) return replaceExtension(output, "d");
        return stem(source) + ".d";
    }

    /** Per source file: the cc1 options that make its rule. */
    Map<String, List<String>> cc1ArgsBySource(List<String> inputs, Function<String, FileType> typeOf) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        if (!wanted()) return by;
        for (String in : inputs) {
            FileType t = typeOf.apply(in);
            if (t != FileType.C && t != FileType.CPP_OUTPUT) continue;
            List<String> c = new ArrayList<>(List.of("-dependency-file", file(in)));
            List<String> ts = targets;
            if (ts.isEmpty()) {
                String target = output != null && !only
                        ? output
                        : Path.of(replaceExtension(in, "o")).getFileName().toString();
                ts = List.of(DependencyFile.quoteTarget(target));
            }
            for (String target : ts) {
                c.add("-MT");
                c.add(target);
            }
            if (kind == Opt.M || kind == Opt.MD) c.add("-sys-header-deps");
            if (phony) c.add("-MP");
            by.put(in, c);
        }
        return by;
    }

    /** The dependency files this command writes (for removal when it fails). */
    Set<String> files(List<String> inputs, Function<String, FileType> typeOf) {
        Set<String> files = new LinkedHashSet<>();
        for (List<String> c : cc1ArgsBySource(inputs, typeOf).values())
            if (!c.get(1).equals("-")) files.add(c.get(1));
        return files;
    }

    /** llvm::sys::path::replace_extension: the extension of the file name (if any) replaced. */
    static String replaceExtension(String path, String ext) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        String name = path.substring(slash + 1);
        if (dot > slash && !name.equals(".") && !name.equals("..")) path = path.substring(0, dot);
        return path + "." + ext;
    }

    /** The input's base name without its extension (clang's getBaseInputStem). */
    private static String stem(String input) {
        String name = input.substring(input.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
