package jomp.linker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import jomp.compiler.cc1.Cc1;
import jomp.objfile.packager.PackagerMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Generated code names the runtime by text (class, member and descriptor in the class files of the
 * compiler's objects and of the linker's generated classes): every such name in a linked offload
 * program (host, native call stubs and jvm device image) must be a member of the runtime's classes or the offload
 * ABI's as they are compiled now, so that renaming one breaks the build, not a program.
 */
class RuntimeReferencesTest {
    static final String PROGRAM = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <math.h>
            #include <omp.h>
            static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
            static void bye(void) { puts("bye"); }
            const char *zlibVersion(void);   /* native, from libz.so */
            #pragma omp declare target
            int g[8];
            #pragma omp end declare target
            int main(int argc, char **argv) {
                int a[4] = {3, 1, 2, 0};
                atexit(bye);
                qsort(a, 4, sizeof a[0], cmp);
                double s = 0;
                #pragma omp parallel for reduction(+: s) schedule(dynamic)
                for (int i = 0; i < 100; i++) s += sqrt(i);
                #pragma omp critical
                s += 1;
                #pragma omp target teams distribute parallel for map(tofrom: g)
                for (int i = 0; i < 8; i++) g[i] = i * argc;
                #pragma omp target update from(g)
                printf("%d %.1f %d %d %s %s\\n", a[0], s, g[7], omp_get_num_devices(), argv[0], zlibVersion());
                return 0;
            }
            """;

    @Test
    void everyRuntimeMemberALinkedProgramNamesExists(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("p.c");
        Files.writeString(src, PROGRAM);
        String t = "jvm64-jomp-linux";
        Path ir = dir.resolve("p.jir"),
                dev = dir.resolve("p-dev.o"),
                pkg = dir.resolve("p.out"),
                obj = dir.resolve("p.o"),
                exe = dir.resolve("p");
        cc1("-triple", t, "-fopenmp", "-fopenmp-targets=" + t, "-emit-ir", "-o", ir.toString(), src.toString());
        cc1(
                "-triple",
                t,
                "-fopenmp",
                "-fopenmp-is-target-device",
                "-fopenmp-host-ir-file-path",
                ir.toString(),
                "-emit-obj",
                "-o",
                dev.toString(),
                src.toString());
        assertThat(PackagerMain.run(
                        new String[] {"-o", pkg.toString(), "--image=file=" + dev + ",triple=" + t + ",kind=openmp"},
                        quiet(),
                        quiet()))
                .isZero();
        cc1(
                "-triple",
                t,
                "-fopenmp",
                "-emit-obj",
                "-fembed-offload-object=" + pkg,
                "-o",
                obj.toString(),
                ir.toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = LinkerWrapperMain.run(
                new String[] {
                    "--host-triple=" + t, "--offload-targets=" + t, "-o", exe.toString(), obj.toString(), "-lm", "-lz"
                },
                quiet(),
                new PrintStream(err, true));
        assertThat(rc).as(err.toString(StandardCharsets.UTF_8)).isZero();

        List<String> named = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        try (ZipFile z = new ZipFile(exe.toFile())) {
            boolean image = false;
            for (ZipEntry e : java.util.Collections.list(z.entries())) {
                byte[] b = z.getInputStream(e).readAllBytes();
                if (e.getName().startsWith("jomp/link/") && e.getName().endsWith(".class")) check(b, named, missing);
                if (e.getName().startsWith("jomp/offload/image")) {
                    image = true;
                    try (ZipInputStream device = new ZipInputStream(new ByteArrayInputStream(b))) {
                        for (ZipEntry d; (d = device.getNextEntry()) != null; )
                            if (d.getName().endsWith(".class")) check(device.readAllBytes(), named, missing);
                    }
                }
            }
            assertThat(image).as("the program carries its jvm device image").isTrue();
        }
        // the host code, the generated Main and Registration, and the device code all call into the runtime
        assertThat(named)
                .anyMatch(n -> n.startsWith("jomp/runtime/offload/Registry.registerLib"))
                .anyMatch(n -> n.startsWith("jomp/runtime/program/DataImage.load"))
                .anyMatch(n -> n.startsWith("jomp/runtime/mem/Mem."))
                .anyMatch(n -> n.startsWith("jomp/runtime/ffi/Universal."))
                .anyMatch(n -> n.startsWith("jomp/runtime/ffi/NativeLibs.load"))
                .anyMatch(n -> n.startsWith("jomp/offload/abi/HostEntry.<init>"));
        assertThat(missing).isEmpty();
    }

    private static void cc1(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(Cc1.run(args, quiet(), new PrintStream(err, true)))
                .as(err.toString(StandardCharsets.UTF_8))
                .isZero();
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream());
    }

    /** Records each runtime or ABI member the class names, and those the runtime lacks. */
    private static void check(byte[] cls, List<String> named, List<String> missing) {
        ClassReader cr = new ClassReader(cls);
        String self = cr.getClassName();
        cr.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                                member(owner, n, d, true);
                            }

                            @Override
                            public void visitFieldInsn(int op, String owner, String n, String d) {
                                member(owner, n, d, false);
                            }

                            @Override
                            public void visitTypeInsn(int op, String type) {
                                if (ours(type)) type(type);
                            }

                            @Override
                            public void visitLdcInsn(Object v) {
                                if (v instanceof Type ty && ty.getSort() == Type.OBJECT && ours(ty.getInternalName()))
                                    type(ty.getInternalName());
                                if (v instanceof Handle h)
                                    member(h.getOwner(), h.getName(), h.getDesc(), h.getTag() > Opcodes.H_PUTSTATIC);
                            }

                            @Override
                            public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                                member(bsm.getOwner(), bsm.getName(), bsm.getDesc(), true);
                                for (Object a : args)
                                    if (a instanceof Handle h)
                                        member(
                                                h.getOwner(),
                                                h.getName(),
                                                h.getDesc(),
                                                h.getTag() > Opcodes.H_PUTSTATIC);
                            }
                        };
                    }

                    private void type(String internal) {
                        named.add(internal);
                        if (load(internal) == null) missing.add(self + " names class " + internal);
                    }

                    private void member(String owner, String n, String d, boolean method) {
                        if (!ours(owner)) return;
                        named.add(owner + "." + n + d);
                        Class<?> c = load(owner);
                        if (c == null) missing.add(self + " names class " + owner);
                        else if (!(method ? hasMethod(c, n, d) : hasField(c, n, d)))
                            missing.add(self + " names " + owner + "." + n + " " + d);
                    }
                },
                ClassReader.SKIP_FRAMES);
    }

    private static boolean ours(String internalName) {
        return internalName.startsWith("jomp/runtime/") || internalName.startsWith("jomp/offload/abi/");
    }

    private static Class<?> load(String internalName) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, RuntimeReferencesTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static boolean hasMethod(Class<?> c, String name, String desc) {
        if (name.equals("<init>")) {
            for (Constructor<?> k : c.getDeclaredConstructors())
                if (Type.getConstructorDescriptor(k).equals(desc)) return true;
            return false;
        }
        for (Class<?> k : supertypes(c))
            for (Method m : k.getDeclaredMethods())
                if (m.getName().equals(name) && Type.getMethodDescriptor(m).equals(desc)) return true;
        return false;
    }

    private static boolean hasField(Class<?> c, String name, String desc) {
        for (Class<?> k : supertypes(c))
            for (Field f : k.getDeclaredFields())
                if (f.getName().equals(name) && Type.getDescriptor(f.getType()).equals(desc)) return true;
        return false;
    }

    private static Set<Class<?>> supertypes(Class<?> c) {
        Set<Class<?>> out = new java.util.LinkedHashSet<>();
        Deque<Class<?>> work = new ArrayDeque<>(List.of(c));
        while (!work.isEmpty()) {
            Class<?> k = work.pop();
            if (k == null || !out.add(k)) continue;
            work.add(k.getSuperclass() == null ? Object.class : k.getSuperclass());
            work.addAll(List.of(k.getInterfaces()));
        }
        return out;
    }
}
