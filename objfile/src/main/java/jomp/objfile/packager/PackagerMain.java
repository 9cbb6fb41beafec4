package jomp.objfile.packager;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.env.Invocation;
import jomp.objfile.FormatException;
import jomp.objfile.archive.Archive;
import jomp.objfile.archive.ArchiveWriter;
import jomp.objfile.offload.OffloadBinary;
import jomp.objfile.offload.OffloadBinaryWriter;
import jomp.offload.abi.ImageKind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * jomp-offload-packager: clang-offload-packager's command line. {@code -o OUT --image=...} bundles
 * device images into OffloadBinaries; {@code INPUT --image=...} extracts matching images;
 * {@code --list FILE...} prints the images as {@code llvm-objdump --offloading} does.
 */
@Command(
        name = "jomp-offload-packager",
        mixinStandardHelpOptions = true,
        version = "jomp-offload-packager 0.1",
        description = "Bundles device images into OffloadBinaries, extracts them, or lists them.")
public final class PackagerMain {
    static final String NAME = "jomp-offload-packager";

    @Option(
            names = {"-o", "--o"},
            paramLabel = "<file>",
            description = "Write output to <file>.")
    String output;

    @Option(
            names = {"--image", "-image"},
            paramLabel = "<<key>=<value>,...>",
            description = "List of key and value arguments. Required keywords are 'file' and 'triple'.")
    List<String> images = new ArrayList<>();

    @Option(
            names = {"--archive", "-archive"},
            description = "Write extracted files to a static archive")
    boolean archive;

    @Option(
            names = "--list",
            description = "Print the offloading images of each FILE as llvm-objdump --offloading does.")
    boolean list;

    @Parameters(paramLabel = "FILE", description = "Input file (extraction) or files (--list).")
    List<String> inputs = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the tool in-process: returns the exit status, prints errors as one line on {@code err}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        PackagerMain m = new PackagerMain();
        CommandLine cl = new CommandLine(m);
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(args);
            if (parsed.isUsageHelpRequested()) {
                cl.usage(new PrintWriter(out, true, java.nio.charset.StandardCharsets.UTF_8));
                return 0;
            }
            if (parsed.isVersionHelpRequested()) {
                out.println(cl.getCommandSpec().version()[0]);
                return 0;
            }
        } catch (CommandLine.ParameterException e) {
            err.println(NAME + ": error: " + e.getMessage());
            return 1;
        }
        try {
            m.execute(out, err);
            return 0;
        } catch (FormatException e) {
            err.println(NAME + ": error: " + e.getMessage());
            return 1;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) { // a fault of the packager's own
            java.util.List<String> command = new ArrayList<>(List.of(NAME));
            command.addAll(java.util.Arrays.asList(args));
            return jomp.env.Crash.report(NAME, command, e, err);
        }
    }

    private void execute(PrintStream out, PrintStream err) {
        if (list) {
            if (inputs.isEmpty()) {
                throw new FormatException("--list", "no input files");
            }
            for (String file : inputs) {
                out.print(OffloadListing.format(OffloadInputs.read(file, readFile(file))));
            }
            out.flush();
        } else if (output != null) {
            if (!inputs.isEmpty()) {
                throw new FormatException(inputs.getFirst(), "input files are not used with -o; use --image=file=...");
            }
            pack();
        } else if (inputs.size() == 1) {
            extract(inputs.getFirst(), err);
        } else {
            throw new FormatException(
                    NAME,
                    inputs.isEmpty()
                            ? "no input file; use -o OUT --image=..., INPUT --image=... or --list FILE..."
                            : "expected one input file to extract from, got " + inputs.size());
        }
    }

    private void pack() {
        List<OffloadBinary> binaries = new ArrayList<>();
        for (String spec : images) {
            Map<String, String> args = ImageArguments.parse(spec);
            if (!args.containsKey("file") || !args.containsKey("triple")) {
                throw new FormatException("--image=" + spec, "'file' and 'triple' are required image arguments");
            }
            String file = args.get("file");
            Map<String, String> strings = new LinkedHashMap<>();
            for (String key : DenseMapOrder.order(args.keySet())) {
                if (!key.equals("file") && !key.equals("kind")) {
                    strings.put(key, args.get(key));
                }
            }
            byte[] image = readFile(file);
            String extension = extension(file);
            int offloadKind = args.containsKey("kind")
                    ? OffloadBinary.offloadKindOfName(args.get("kind"))
                    : OffloadBinary.OFK_NONE;
            binaries.add(new OffloadBinary(ImageKind.ofExtension(extension), offloadKind, 0, strings, image));
        }
        writeFile(output, OffloadBinaryWriter.writeAll(binaries));
    }

    /** As clang-offload-packager: each --image selects the images whose strings match its keys. */
    private void extract(String input, PrintStream err) {
        List<OffloadBinary> all = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        for (OffloadInputs.Container c : OffloadInputs.read(input, readFile(input))) {
            for (OffloadBinary b : c.images()) {
                all.add(b);
                identifiers.add(c.identifier());
            }
        }
        for (String spec : images) {
            Map<String, String> args = ImageArguments.parse(spec);
            List<OffloadBinary> matched = new ArrayList<>();
            List<Archive.Member> members = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                if (matches(all.get(i), args)) {
                    matched.add(all.get(i));
                    members.add(
                            new Archive.Member(identifiers.get(i), all.get(i).image()));
                }
            }
            if (matched.isEmpty()) {
                continue;
            }
            if (archive) {
                if (!args.containsKey("file")) {
                    throw new FormatException("--image=" + spec, "Image must have a 'file' argument.");
                }
                writeFile(args.get("file"), ArchiveWriter.writeGnu(members));
            } else if (args.containsKey("file")) {
                if (matched.size() > 1) {
                    err.println(NAME + ": warning: Multiple inputs match to a single file, '" + args.get("file") + "'");
                }
                writeFile(args.get("file"), matched.getLast().image());
            } else {
                String stem = stem(input);
                for (int i = 0; i < matched.size(); i++) {
                    OffloadBinary b = matched.get(i);
                    writeFile(
                            stem + "-" + b.triple() + "-" + b.arch() + "." + i + "."
                                    + b.imageKind().extension(),
                            b.image());
                }
            }
        }
    }

    private static boolean matches(OffloadBinary b, Map<String, String> args) {
        for (Map.Entry<String, String> e : args.entrySet()) {
            String key = e.getKey();
            if (key.equals("file")) {
                continue;
            }
            boolean ok = key.equals("kind")
                    ? b.offloadKind() == OffloadBinary.offloadKindOfName(e.getValue())
                    : b.strings().getOrDefault(key, "").equals(e.getValue());
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The extension as LLVM's sys::path::extension gives it, without the dot. */
    private static String extension(String file) {
        Path name = Path.of(file).getFileName();
        String s = name == null ? file : name.toString();
        int dot = s.lastIndexOf('.');
        return dot < 0 || s.equals(".") || s.equals("..") ? "" : s.substring(dot + 1);
    }

    private static String stem(String file) {
        Path name = Path.of(file).getFileName();
        String s = name == null ? file : name.toString();
        int dot = s.lastIndexOf('.');
        return dot <= 0 ? s : s.substring(0, dot);
    }

    static byte[] readFile(String file) {
        try {
            if (file.indexOf(0) >= 0) {
                throw new FormatException(file.replace('\0', '?'), "invalid file name");
            }
            return Files.readAllBytes(Invocation.path(file));
        } catch (NoSuchFileException e) {
            throw new FormatException(file, "No such file or directory");
        } catch (IOException | RuntimeException e) {
            throw new FormatException(file, "cannot read: " + e.getMessage());
        }
    }

    /** Writes through a temporary file in the same directory and an atomic rename: no partial output. */
    static void writeFile(String file, byte[] bytes) {
        try {
            jomp.env.OutputFiles.write(file, bytes, false);
        } catch (jomp.env.OutputFiles.OutputError e) {
            throw new FormatException(
                    file, "cannot write: " + jomp.env.OutputFiles.reason((java.io.IOException) e.getCause()));
        }
    }
}
