package jomp.linker.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/** The host link on hand-made objects: symbol resolution, archive members, the errors ld gives. */
class HostLinkerTest {
    /** A unit class whose static method {@code name} calls {@code callee} through jomp/link/Extern (or nothing). */
    private static byte[] unit(String cls, String name, String callee) {
        return unit(cls, name, callee, null, "()I");
    }

    /** The same with the call's C signature in the Extern name, and its descriptor (whose arguments are zeros). */
    private static byte[] unit(String cls, String name, String callee, String csig, String desc) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V25, ACC_PUBLIC | ACC_SUPER, cls, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, name, "()I", null, null);
        mv.visitCode();
        if (callee != null && csig != null) {
            for (org.objectweb.asm.Type t : org.objectweb.asm.Type.getArgumentTypes(desc))
                mv.visitInsn(t.getSize() == 2 ? LCONST_0 : ICONST_0);
            mv.visitMethodInsn(INVOKESTATIC, HostLinker.EXTERN, callee + "-" + csig, desc, false);
        } else if (callee != null) mv.visitMethodInsn(INVOKESTATIC, HostLinker.EXTERN, callee, "()I", false);
        else mv.visitInsn(ICONST_3);
        mv.visitInsn(IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        return cw.toByteArray();
    }

    private static HostLinker.Input object(String file, String cls, String defines, String calls) {
        return object(file, cls, defines, calls, null, "()I");
    }

    private static HostLinker.Input object(
            String file, String cls, String defines, String calls, String csig, String desc) {
        List<ElfSection> sections = List.of(ElfSection.progbits(
                HostLinker.CLASS_PREFIX + cls.replace('/', '.'), 0, 1, unit(cls, defines, calls, csig, desc)));
        List<ElfSymbol> symbols = new ArrayList<>();
        symbols.add(new ElfSymbol(defines, 1, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC));
        if (calls != null) symbols.add(new ElfSymbol(calls, Elf.SHN_UNDEF, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC));
        return new HostLinker.Input(file, jomp.objfile.jvm.ObjectCheck.sealed(new ElfObject(sections, symbols)));
    }

    private static List<String> owners(byte[] cls) {
        List<String> out = new ArrayList<>();
        new ClassReader(cls)
                .accept(
                        new ClassVisitor(ASM9) {
                            @Override
                            public MethodVisitor visitMethod(int a, String n, String d, String s, String[] e) {
                                return new MethodVisitor(ASM9) {
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

    @Test
    void callsResolveToTheDefiningUnit() {
        HostLinker.Linked l = HostLinker.link(
                List.of(object("a.o", "jomp/unit/a", "main", "twice"), object("b.o", "jomp/unit/b", "twice", null)));
        assertThat(owners(l.classes().get("jomp/unit/a"))).containsExactly("jomp/unit/b.twice");
        assertThat(l.classes()).containsKeys(HostLinker.MAIN, HostLinker.PROGRAM);
        assertThat(l.resources()).containsKey("jomp/data.bin");
    }

    @Test
    void cLibraryFunctionsResolveToTheRuntime() {
        HostLinker.Linked l = HostLinker.link(List.of(object("a.o", "jomp/unit/a", "main", "rand")));
        assertThat(owners(l.classes().get("jomp/unit/a"))).containsExactly("jomp/runtime/libc/Stdlib.rand");
    }

    @Test
    void undefinedAndMultiplyDefinedSymbolsAreErrorsNamingTheObjects() {
        assertThatThrownBy(() -> HostLinker.link(List.of(object("a.o", "jomp/unit/a", "main", "nowhere"))))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("a.o: undefined reference to 'nowhere'");
        assertThatThrownBy(() -> HostLinker.link(List.of(
                        object("a.o", "jomp/unit/a", "main", null), object("b.o", "jomp/unit/b", "main", null))))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("b.o: multiple definition of 'main'; a.o: first defined here");
        assertThatThrownBy(() -> HostLinker.link(List.of(object("b.o", "jomp/unit/b", "twice", null))))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("undefined reference to 'main'");
    }

    @Test
    void archiveMembersArePulledOnlyWhenNeeded() {
        List<HostLinker.Input> objects = new ArrayList<>();
        ArchiveResolver r = new ArchiveResolver(objects);
        r.addObject(object("a.o", "jomp/unit/a", "main", "twice"));
        var lib = new jomp.objfile.archive.Archive(
                List.of(
                        new jomp.objfile.archive.Archive.Member(
                                "other.o",
                                jomp.objfile.elf.ElfWriter.write(object("x", "jomp/unit/o", "other", null)
                                        .object())),
                        new jomp.objfile.archive.Archive.Member(
                                "b.o",
                                jomp.objfile.elf.ElfWriter.write(object("x", "jomp/unit/b", "twice", "other")
                                        .object()))),
                java.util.Map.of());
        r.add("libb.a", lib, false);
        // b.o is needed for twice; it needs other, so other.o (earlier in the archive) comes too
        assertThat(objects).extracting(HostLinker.Input::name).containsExactly("a.o", "libb.a(b.o)", "libb.a(other.o)");
    }

    /** glibc's libraries, found as ld finds them. */
    private static NativeLibraries glibc() throws Exception {
        LinkInputs in = new LinkInputs(new ArrayList<>(), new ArrayList<>());
        in.addDefaults();
        return in.natives();
    }

    /** An object defining main, which calls each of {@code calls} (symbol, binding, C signature, descriptor). */
    private static HostLinker.Input caller(String cls, String[]... calls) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V25, ACC_PUBLIC | ACC_SUPER, cls, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "()I", null, null);
        mv.visitCode();
        List<ElfSymbol> symbols = new ArrayList<>();
        symbols.add(new ElfSymbol("main", 1, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC));
        for (String[] c : calls) {
            org.objectweb.asm.Type t = org.objectweb.asm.Type.getMethodType(c[3]);
            for (org.objectweb.asm.Type a : t.getArgumentTypes()) mv.visitInsn(a.getSize() == 2 ? DCONST_0 : ICONST_0);
            mv.visitMethodInsn(INVOKESTATIC, HostLinker.EXTERN, c[0] + "-" + c[2], c[3], false);
            mv.visitInsn(t.getReturnType().getSize() == 2 ? POP2 : POP);
            int bind = c[1].equals("weak") ? Elf.STB_WEAK : Elf.STB_GLOBAL;
            symbols.add(new ElfSymbol(c[0], Elf.SHN_UNDEF, 0, 0, bind, Elf.STT_FUNC));
        }
        mv.visitInsn(ICONST_0);
        mv.visitInsn(IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        List<ElfSection> sections =
                List.of(ElfSection.progbits(HostLinker.CLASS_PREFIX + cls.replace('/', '.'), 0, 1, cw.toByteArray()));
        return new HostLinker.Input("a.o", jomp.objfile.jvm.ObjectCheck.sealed(new ElfObject(sections, symbols)));
    }

    /**
     * jomp's C library counts as glibc's libraries for weak references: a weak sin alone leaves the
     * --as-needed libm unneeded and stays undefined (a call through it is a call through NULL), as
     * ld leaves it; a strong cos needs libm, and then the weak sin binds to jomp's; libc's strlen,
     * libc being always needed, binds weakly too.
     */
    @Test
    void weakReferencesToTheBuiltInLibmBindOnlyOnceLibmIsNeeded() throws Exception {
        String[] sin = {"sin", "weak", "d(d)", "(D)D"}, strlen = {"strlen", "weak", "m(p)", "(J)J"};
        String[] cos = {"cos", "strong", "d(d)", "(D)D"};
        HostLinker.Linked alone = HostLinker.link(List.of(caller("jomp/unit/a", sin, strlen)), false, glibc());
        assertThat(owners(alone.classes().get("jomp/unit/a")))
                .containsExactly("jomp/runtime/mem/Functions.callNull", "jomp/runtime/libc/Str.strlen");
        HostLinker.Linked needed = HostLinker.link(List.of(caller("jomp/unit/a", sin, cos, strlen)), false, glibc());
        assertThat(owners(needed.classes().get("jomp/unit/a")))
                .doesNotContain("jomp/runtime/mem/Functions.callNull")
                .anyMatch(o -> o.endsWith(".sin"))
                .anyMatch(o -> o.endsWith(".cos"));
    }

    @Test
    void functionsOnlyASharedLibraryDefinesBecomeNativeCallStubs() throws Exception {
        NativeLibraries libs = glibc();
        HostLinker.Linked l = HostLinker.link(
                List.of(object("a.o", "jomp/unit/a", "main", "strcasecmp", "i(p,p)", "(JJ)I")), false, libs);
        assertThat(owners(l.classes().get("jomp/unit/a"))).containsExactly(NativeStubs.PACKAGE + "C0.call");
        byte[] stub = l.classes().get(NativeStubs.PACKAGE + "C0");
        assertThat(stub).isNotNull();
        // the stub binds libc.so.6's strcasecmp on first use
        assertThat(new String(stub, java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains("libc.so.6")
                .contains("strcasecmp");
        // glibc is never opened at start-up: the JVM has it
        assertThat(libs.needed()).isEmpty();
    }

    @Test
    void nativeCallsTheRuntimeCannotMakeAreLinkErrors() throws Exception {
        NativeLibraries libs = glibc();
        assertThatThrownBy(() -> HostLinker.link(
                        List.of(object("a.o", "jomp/unit/a", "main", "swapcontext", "i(p,p)", "(JJ)I")), false, libs))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("cannot call native function 'swapcontext'");
        assertThatThrownBy(() -> HostLinker.link(
                        List.of(object("a.o", "jomp/unit/a", "main", "strfroml", "i(p,m,p,e)", "(JJJD)I")),
                        false,
                        libs))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("long double");
        assertThatThrownBy(() -> HostLinker.link(
                        List.of(object("a.o", "jomp/unit/a", "main", "strverscmp", "i(p,p)", "(JJJ)I")), false, libs))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("its C signature i(p,p) means (JJ)I");
        assertThatThrownBy(() -> HostLinker.link(
                        List.of(object("a.o", "jomp/unit/a", "main", "no_such_function_anywhere", "i()", "()I")),
                        false,
                        libs))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageContaining("undefined reference to 'no_such_function_anywhere'");
    }
}
