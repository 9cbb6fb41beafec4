package jomp.linker.offload;

import static jomp.linker.offload.OffloadObjects.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import jomp.linker.LinkerWrapperMain;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfWriter;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.ImageKind;
import jomp.runtime.mem.Mem;
import jomp.runtime.offload.Registry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The whole offload link through {@code jomp-linker-wrapper}: device link, wrapping and host link;
 * the executable's registration class is run in a class loader of its own against the test's
 * runtime's own Registry, whose registered descriptors the test reads back.
 */
class OffloadLinkTest {
    record Run(int rc, String err) {}

    static Run link(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = LinkerWrapperMain.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true));
        return new Run(rc, err.toString(StandardCharsets.UTF_8));
    }

    static Path write(Path dir, String name, ElfObject o) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, ElfWriter.write(o));
        return p;
    }

    /** Runs jomp/link/Registration.register() of an executable against the real runtime; returns what its Registry got (null: no registration class). */
    static BinaryDescriptor register(Path exe, long[] programBase) throws Exception {
        for (BinaryDescriptor d : registered()) Registry.unregisterLib(d);
        try (URLClassLoader l =
                new URLClassLoader(new URL[] {exe.toUri().toURL()}, OffloadLinkTest.class.getClassLoader())) {
            if (l.findResource("jomp/link/Registration.class") == null) return null;
            Class<?> registration = l.loadClass("jomp.link.Registration");
            registration.getMethod("register").invoke(null);
            programBase[0] = l.loadClass("jomp.link.Program").getField("base").getLong(null);
            BinaryDescriptor d =
                    (BinaryDescriptor) registration.getField("descriptor").get(null);
            assertThat(registered()).containsExactly(d);
            return d;
        }
    }

    /** The descriptors the runtime's Registry holds (its package's {@code libs()}). */
    @SuppressWarnings("unchecked")
    static List<BinaryDescriptor> registered() throws ReflectiveOperationException {
        java.lang.reflect.Method libs = Registry.class.getDeclaredMethod("libs");
        libs.setAccessible(true);
        return (List<BinaryDescriptor>) libs.invoke(null);
    }

    static List<String> calls(byte[] cls) {
        List<String> out = new ArrayList<>();
        new ClassReader(cls)
                .accept(
                        new ClassVisitor(Opcodes.ASM9) {
                            @Override
                            public MethodVisitor visitMethod(int a, String n, String d, String s, String[] e) {
                                return new MethodVisitor(Opcodes.ASM9) {
                                    @Override
                                    public void visitMethodInsn(
                                            int op, String owner, String name, String desc, boolean itf) {
                                        out.add(owner + "." + name);
                                    }
                                };
                            }
                        },
                        0);
        return out;
    }

    static byte[] entry(Path jar, String name) throws Exception {
        try (ZipFile z = new ZipFile(jar.toFile())) {
            var e = z.getEntry(name);
            return e == null ? null : z.getInputStream(e).readAllBytes();
        }
    }

    @Test
    void registrationHandsTheImagesAndHostEntriesToTheRuntime(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.o", host("a", "f", 1234, List.of(jvmImage(device("a", "f", 99, null)))));
        Path exe = dir.resolve("a.out");
        Run r = link("--save-temps", "-o", exe.toString(), a.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        // Main registers before C's main
        assertThat(calls(entry(exe, "jomp/link/Main.class")))
                .containsSubsequence("jomp/link/Registration.register", "jomp/unit/a.main");

        long[] base = new long[1];
        BinaryDescriptor d = register(exe, base);
        assertThat(d.images()).hasSize(1);
        DeviceImage img = d.images().getFirst();
        assertThat(img.triple()).isEqualTo(JVM);
        assertThat(img.kind()).isEqualTo(ImageKind.JVM_CLASSES);
        assertThat(img.bytes()).isEqualTo(Files.readAllBytes(Path.of(exe + ".jvm64.img")));
        assertThat(img.bytes()).isEqualTo(entry(exe, "jomp/offload/image0.bin"));
        assertThat(img.entryNames()).containsExactly(kernel("f"), global("a"));

        assertThat(d.hostEntries()).extracting(HostEntry::name).containsExactly(kernel("f"), global("a"));
        assertThat(d.hostEntries()).extracting(HostEntry::size).containsExactly(0L, 8L);
        HostEntry k = d.hostEntries().get(0), g = d.hostEntries().get(1);
        // the addresses are the host's: the region id byte and g's initial value are there
        assertThat(k.hostAddress()).isGreaterThanOrEqualTo(base[0]);
        assertThat(Mem.getByte(k.hostAddress())).isEqualTo(REGION_ID_BYTE);
        assertThat(Mem.getLong(g.hostAddress())).isEqualTo(1234L);
    }

    @Test
    void theDeviceImageIsAJarWithItsOwnDataAndEntries(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.o", host("a", "f", 1234, List.of(jvmImage(device("a", "f", 99, null)))));
        Path b = write(dir, "b.o", object("b", "h", 5, false, null, List.of(jvmImage(device("b", "h", 77, null)))));
        Path exe = dir.resolve("prog");
        Run r = link("--save-temps", "--wrapper-jobs=2", "-o", exe.toString(), a.toString(), b.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        Path img = Path.of(exe + ".jvm64.img");
        String index = new String(entry(img, "jomp/device-entries.txt"), StandardCharsets.UTF_8);
        assertThat(index.lines().toList())
                .hasSize(4)
                .contains(
                        "kernel " + kernel("f") + " jomp/unit/a " + kernel("f"),
                        "kernel " + kernel("h") + " jomp/unit/b " + kernel("h"));
        assertThat(entry(img, "jomp/data.bin")).isNotNull();
        assertThat(entry(img, "jomp/unit/a.class")).isNotNull();
        assertThat(entry(img, "jomp/link/Program.class")).isNotNull();
        assertThat(entry(img, "jomp/link/Main.class"))
                .as("a device program has no main")
                .isNull();

        // load the device program in its own loader: its Program reads the device data image, not the host's
        try (URLClassLoader l =
                new URLClassLoader(new URL[] {img.toUri().toURL()}, OffloadLinkTest.class.getClassLoader())) {
            long base = l.loadClass("jomp.link.Program").getField("base").getLong(null);
            for (String line : index.lines().toList()) {
                String[] f = line.split(" ");
                if (f[0].equals("global")) {
                    long value = Mem.getLong(base + Long.parseLong(f[2]));
                    assertThat(value).isEqualTo(f[1].equals(global("a")) ? 99L : 77L);
                }
            }
            // a kernel runs against the device's copy of its global
            String[] kb = index.lines()
                    .filter(s -> s.startsWith("kernel " + kernel("h")))
                    .findFirst()
                    .get()
                    .split(" ");
            l.loadClass(kb[2].replace('/', '.')).getMethod(kb[3], long.class).invoke(null, 4242L);
            String[] gb = index.lines()
                    .filter(s -> s.startsWith("global " + global("b")))
                    .findFirst()
                    .get()
                    .split(" ");
            assertThat(Mem.getLong(base + Long.parseLong(gb[2]))).isEqualTo(4242L);
        }
    }

    @Test
    void aPlainCProgramHasNoRegistration(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.o", plain("a"));
        Path exe = dir.resolve("a.out");
        Run r = link("-o", exe.toString(), a.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(register(exe, new long[1])).isNull();
        assertThat(calls(entry(exe, "jomp/link/Main.class")))
                .noneMatch(c -> c.contains("Registration") || c.contains("Registry"));
        assertThat(entry(exe, "META-INF/services/jomp.runtime.plugin.DevicePlugin"))
                .isNull();
    }

    @Test
    void hostOnlyAndUnmatchedTargetsLinkNoDeviceCode(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.o", host("a", "f", 1234, List.of(jvmImage(device("a", "f", 99, null)))));
        for (String opt : new String[] {"--offload-host-only", "--offload-targets=nvptx64"}) {
            Path exe = dir.resolve("host-only");
            Run r = link(opt, "-o", exe.toString(), a.toString());
            assertThat(r.rc()).as(r.err()).isZero();
            BinaryDescriptor d = register(exe, new long[1]);
            assertThat(d.images()).as(opt).isEmpty();
            assertThat(d.hostEntries()).extracting(HostEntry::name).containsExactly(kernel("f"), global("a"));
            assertThat(entry(exe, "jomp/offload/image0.bin")).isNull();
        }
        Path exe = dir.resolve("jvm");
        assertThat(link("--offload-targets=jvm", "-o", exe.toString(), a.toString())
                        .rc())
                .isZero();
        assertThat(register(exe, new long[1]).images())
                .extracting(DeviceImage::triple)
                .containsExactly(JVM);
    }

    @Test
    void undefinedDeviceSymbolsNameTheTargetAndTheObject(@TempDir Path dir) throws Exception {
        Path a = write(dir, "a.o", host("a", "f", 1, List.of(jvmImage(device("a", "f", 1, "nowhere")))));
        Path exe = dir.resolve("a.out");
        Run r = link("-o", exe.toString(), a.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("jomp-linker-wrapper: error: " + JVM + ": " + a + ": undefined reference to 'nowhere'\n");
        assertThat(exe).doesNotExist();
        // a C library function resolves on the device as on the host
        Path b = write(dir, "b.o", host("b", "f", 1, List.of(jvmImage(device("b", "f", 1, "abort")))));
        assertThat(link("-o", exe.toString(), b.toString()).rc()).isZero();
    }

    @Test
    void aKernelEntryWithoutItsFunctionIsADeviceLinkError(@TempDir Path dir) throws Exception {
        // the device object's entries name kernel f, but its code defines no function of that name
        ElfObject dev = device("a", "f", 1, null);
        List<jomp.objfile.elf.ElfSymbol> syms = new ArrayList<>();
        for (var s : dev.symbols())
            syms.add(
                    s.name().equals(kernel("f"))
                            ? new jomp.objfile.elf.ElfSymbol("other", s.section(), 0, 0, s.bind(), s.type())
                            : s);
        ElfObject broken = jomp.objfile.jvm.ObjectCheck.sealed(new ElfObject(dev.sections(), syms));
        Path a = write(dir, "a.o", host("a", "f", 1, List.of(jvmImage(broken))));
        Run r = link("-o", dir.resolve("a.out").toString(), a.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("jomp-linker-wrapper: error: " + JVM + ": " + a + ": offload entry '" + kernel("f")
                        + "' has no kernel function of that name\n");
    }

    @Test
    void verboseNamesEachStep(@TempDir Path dir) throws Exception {
        Path a = write(
                dir,
                "a.o",
                host(
                        "a",
                        "f",
                        1,
                        List.of(
                                jvmImage(device("a", "f", 1, null)),
                                image(ImageKind.PTX, NVPTX, "sm_90", "ptx".getBytes(StandardCharsets.US_ASCII)))));
        Run r = link("--wrapper-verbose", "-o", dir.resolve("a.out").toString(), a.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.err().lines().toList())
                .containsExactly(
                        "jomp-linker-wrapper: device link for " + JVM + ": " + a,
                        "jomp-linker-wrapper: device image for " + NVPTX + " (sm_90) passes through: " + a,
                        "jomp-linker-wrapper: host link of 1 object(s) into " + dir.resolve("a.out")
                                + ", wrapping 2 device image(s), resolving as GNU ld would:",
                        // the ld line build systems read the library search path from (CMake's implicit link
                        // directories)
                        "  ld -o " + dir.resolve("a.out") + " "
                                + String.join(
                                        " ",
                                        jomp.linker.host.LinkInputs.SYSTEM_DIRS.stream()
                                                .map(d -> "-L" + d)
                                                .toList())
                                + " " + a + " -lc -lm -lpthread -ldl");
        assertThat(register(dir.resolve("a.out"), new long[1]).images())
                .extracting(DeviceImage::kind)
                .containsExactly(ImageKind.JVM_CLASSES, ImageKind.PTX);
    }

    @Test
    void corruptOffloadingSectionsAreErrorsNamingTheFile(@TempDir Path dir) throws Exception {
        byte[] file = ElfWriter.write(host("a", "f", 1, List.of(jvmImage(device("a", "f", 1, null)))));
        // the OffloadBinary magic 10 FF 10 AD: break it
        int at = indexOf(file, new byte[] {0x10, (byte) 0xFF, 0x10, (byte) 0xAD});
        file[at + 1] = 0;
        Path a = dir.resolve("a.o");
        Files.write(a, file);
        Run r = link("-o", dir.resolve("a.out").toString(), a.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("jomp-linker-wrapper: error: " + a
                        + ": its contents do not match their check (the file is damaged)\n");
        // the same section as a compiler would have written it (the object's check matches): the reader names the file
        ElfObject read = jomp.objfile.elf.ElfReader.read("a.o", file);
        Path a2 = write(dir, "a2.o", jomp.objfile.jvm.ObjectCheck.sealed(read));
        r = link("-o", dir.resolve("a.out").toString(), a2.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("jomp-linker-wrapper: error: " + a2 + ": bad OffloadBinary magic")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        // a device image that is not an ELF object
        Path b = write(dir, "b.o", host("b", "f", 1, List.of(image(ImageKind.OBJECT, JVM, "", new byte[] {
            0x7f, 'E', 'L', 'F', 1
        }))));
        r = link("-o", dir.resolve("b.out").toString(), b.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("jomp-linker-wrapper: error: " + JVM + ": " + b + ": device image: ")
                .doesNotContain("Exception");
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    @Test
    void severalNvptxImagesOfOneArchGoThroughTheDeviceLinker(@TempDir Path dir) throws Exception {
        Path a = write(
                dir,
                "a.o",
                host(
                        "a",
                        "f",
                        1,
                        List.of(image(ImageKind.CUBIN, NVPTX, "sm_90", "AAA".getBytes(StandardCharsets.US_ASCII)))));
        Path b = write(
                dir,
                "b.o",
                object(
                        "b",
                        "h",
                        1,
                        false,
                        null,
                        List.of(image(ImageKind.CUBIN, NVPTX, "sm_90", "BBB".getBytes(StandardCharsets.US_ASCII)))));
        Path exe = dir.resolve("a.out");
        Run r = link(
                "--device-linker=" + dir.resolve("missing-nvlink"), "-o", exe.toString(), a.toString(), b.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("jomp-linker-wrapper: error: " + NVPTX + " (sm_90): cannot run the device linker ");
        // a stand-in nvlink: writes its arguments and its inputs' contents to the -o file
        Path nvlink = dir.resolve("nvlink");
        Files.writeString(nvlink, """
                #!/bin/sh
                out=""; args="$*"; ins=""
                while [ $# -gt 0 ]; do case "$1" in -o) out="$2"; shift 2;; -arch=*) shift;; *) ins="$ins $1"; shift;; esac; done
                { echo "$args" | sed 's|/[^ ]*/||g'; cat $ins; } > "$out"
                """);
        Files.setPosixFilePermissions(nvlink, PosixFilePermissions.fromString("rwxr-xr-x"));
        r = link("--device-linker=" + nvlink, "--save-temps", "-o", exe.toString(), a.toString(), b.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        BinaryDescriptor d = register(exe, new long[1]);
        assertThat(d.images()).hasSize(1);
        assertThat(d.images().getFirst().kind()).isEqualTo(ImageKind.CUBIN);
        assertThat(d.images().getFirst().arch()).isEqualTo("sm_90");
        assertThat(new String(d.images().getFirst().bytes(), StandardCharsets.US_ASCII))
                .isEqualTo("-arch=sm_90 -o linked.cubin image0.cubin image1.cubin\nAAABBB");
        // --dry-run prints the device linker's command and runs nothing
        r = link(
                "--device-linker=" + nvlink,
                "--dry-run",
                "-o",
                dir.resolve("dry").toString(),
                a.toString(),
                b.toString());
        assertThat(r.err())
                .startsWith("jomp-linker-wrapper: " + nvlink
                        + " -arch=sm_90 -o linked.cubin image0.cubin image1.cubin   # " + a + " " + b + "\n");
        assertThat(dir.resolve("dry")).doesNotExist();
        // a failing device linker: its message and status
        Files.writeString(nvlink, "#!/bin/sh\necho 'nvlink error   : Undefined reference to x' >&2\nexit 3\n");
        r = link("--device-linker=" + nvlink, "-o", exe.toString(), a.toString(), b.toString());
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err())
                .contains(NVPTX + " (sm_90): " + nvlink + " failed with exit status 3:")
                .contains("Undefined reference to x");
        // one image per arch passes through unchanged, without a device linker
        r = link("--device-linker=" + dir.resolve("missing-nvlink"), "-o", exe.toString(), a.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(new String(register(exe, new long[1]).images().getFirst().bytes(), StandardCharsets.US_ASCII))
                .isEqualTo("AAA");
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":"))
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) return true;
        return false;
    }

    static String run(Path dir, String... cmd) throws Exception {
        Process p = jomp.env.ExternalTools.processBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
        return out;
    }

    static final String KERNEL_PTX = """
            .version 7.8
            .target sm_90
            .address_size 64
            .extern .func (.param .b32 r) twice(.param .b32 x);
            .visible .entry kern(.param .u64 p)
            {
              .reg .b32 %r<3>;
              .reg .b64 %rd<2>;
              ld.param.u64 %rd1, [p];
              mov.u32 %r1, 21;
              {
              .param .b32 px;
              st.param.b32 [px], %r1;
              .param .b32 rv;
              call.uni (rv), twice, (px);
              ld.param.b32 %r2, [rv];
              }
              st.global.u32 [%rd1], %r2;
              ret;
            }
            """;

    static final String FUNCTION_PTX = """
            .version 7.8
            .target sm_90
            .address_size 64
            .visible .func (.param .b32 r) twice(.param .b32 x)
            {
              .reg .b32 %r<3>;
              ld.param.b32 %r1, [x];
              add.s32 %r2, %r1, %r1;
              st.param.b32 [r], %r2;
              ret;
            }
            """;

    /** The real nvlink on PATH links relocatable cubins made by ptxas -c: a kernel in one object calls a function of another. */
    @Test
    void nvlinkOnPathLinksRelocatableCubins(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assertions.assertTrue(
                onPath("nvlink") && onPath("ptxas"), "needs nvlink and ptxas (CUDA toolkit) on PATH");
        Files.writeString(dir.resolve("k.ptx"), KERNEL_PTX);
        Files.writeString(dir.resolve("f.ptx"), FUNCTION_PTX);
        run(dir, "ptxas", "-c", "-arch=sm_90", "k.ptx", "-o", "k.cubin");
        run(dir, "ptxas", "-c", "-arch=sm_90", "f.ptx", "-o", "f.cubin");
        Path a = write(
                dir,
                "a.o",
                host(
                        "a",
                        "f",
                        1,
                        List.of(image(ImageKind.CUBIN, NVPTX, "sm_90", Files.readAllBytes(dir.resolve("k.cubin"))))));
        Path b = write(
                dir,
                "b.o",
                object(
                        "b",
                        "h",
                        1,
                        false,
                        null,
                        List.of(image(ImageKind.CUBIN, NVPTX, "sm_90", Files.readAllBytes(dir.resolve("f.cubin"))))));
        Path exe = dir.resolve("a.out");
        Run r = link("--save-temps", "-o", exe.toString(), a.toString(), b.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(register(exe, new long[1]).images())
                .extracting(DeviceImage::kind)
                .containsExactly(ImageKind.CUBIN);
        Path img = Path.of(exe + ".nvptx64.sm_90.img");
        assertThat(run(dir, "readelf", "-h", img.toString())).containsPattern("Type:\\s+EXEC");
        assertThat(run(dir, "readelf", "-s", img.toString()))
                .containsPattern("FUNC\\s+GLOBAL.* kern\\n")
                .containsPattern("FUNC\\s+GLOBAL.* twice\\n");
        // without the function's object nvlink reports the undefined reference, and the link fails
        Files.writeString(dir.resolve("t.ptx"), FUNCTION_PTX.replace("twice", "thrice"));
        run(dir, "ptxas", "-c", "-arch=sm_90", "t.ptx", "-o", "t.cubin");
        Path c = write(
                dir,
                "c.o",
                object(
                        "c",
                        "h",
                        1,
                        false,
                        null,
                        List.of(image(ImageKind.CUBIN, NVPTX, "sm_90", Files.readAllBytes(dir.resolve("t.cubin"))))));
        r = link("-o", dir.resolve("bad").toString(), a.toString(), c.toString());
        assertThat(r.rc()).isEqualTo(1);
        // the device linker's message names the objects, not its temporary files
        assertThat(r.err())
                .contains("Undefined reference to 'twice' in '" + a + "'")
                .doesNotContain("jomp-nvlink-");
        assertThat(dir.resolve("bad")).doesNotExist();
    }
}
