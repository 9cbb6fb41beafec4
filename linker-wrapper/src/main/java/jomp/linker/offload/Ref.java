package jomp.linker.offload;

import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.List;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.ImageKind;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A static method or constructor that generated code calls, taken from a method reference to the
 * real one: javac checks the reference, and its serialized form names the class, the method and
 * its descriptor, so generated code cannot name a method that does not exist.
 */
record Ref(String owner, String name, String descriptor, boolean constructor) {
    /** Functional interfaces of the shapes the registration class calls (serializable, so their target can be read). */
    interface Call1<A> extends Serializable {
        void call(A a);
    }

    interface New2<R, A, B> extends Serializable {
        R make(A a, B b);
    }

    interface NewHostEntry extends Serializable {
        HostEntry make(long address, String name, long size, int flags);
    }

    interface NewDeviceImage extends Serializable {
        DeviceImage make(String triple, String arch, ImageKind kind, byte[] bytes, List<String> names);
    }

    static Ref of(Serializable methodReference) {
        try {
            Method replace = methodReference.getClass().getDeclaredMethod("writeReplace");
            replace.setAccessible(true);
            SerializedLambda l = (SerializedLambda) replace.invoke(methodReference);
            boolean ctor = l.getImplMethodKind() == MethodHandleInfo.REF_newInvokeSpecial;
            if (!ctor && l.getImplMethodKind() != MethodHandleInfo.REF_invokeStatic)
                throw new IllegalArgumentException("not a static method or constructor: " + l.getImplMethodName());
            return new Ref(l.getImplClass(), l.getImplMethodName(), l.getImplMethodSignature(), ctor);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the method reference " + methodReference, e);
        }
    }

    /** The call: INVOKESPECIAL of the constructor (after NEW, DUP and the arguments), or INVOKESTATIC. */
    void emit(MethodVisitor mv) {
        mv.visitMethodInsn(constructor ? Opcodes.INVOKESPECIAL : Opcodes.INVOKESTATIC, owner, name, descriptor, false);
    }
}
