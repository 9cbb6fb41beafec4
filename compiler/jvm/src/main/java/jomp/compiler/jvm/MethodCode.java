package jomp.compiler.jvm;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each method's bytecode lies in a class file (the offset of its Code attribute's code
 * array, and its length): a C function's symbol in a host object is that range of the class's
 * section, as a function's symbol in a gcc object is its machine code's range of {@code .text}.
 */
final class MethodCode {
    private MethodCode() {}

    record Range(long offset, long length) {}

    /** Method name → its code's range; methods without code (none here) are left out. */
    static Map<String, Range> of(byte[] cls) {
        ByteBuffer b = ByteBuffer.wrap(cls);
        b.position(8); // magic, minor, major
        int count = b.getShort() & 0xffff;
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = b.get() & 0xff;
            switch (tag) {
                case 1 -> {
                    int n = b.getShort() & 0xffff;
                    utf8[i] = new String(
                            cls, b.position(), n, StandardCharsets.UTF_8); // modified UTF-8: the same for C names
                    b.position(b.position() + n);
                }
                case 3, 4 -> b.position(b.position() + 4);
                case 5, 6 -> {
                    b.position(b.position() + 8);
                    i++;
                }
                case 7, 8, 16, 19, 20 -> b.position(b.position() + 2);
                case 9, 10, 11, 12, 17, 18 -> b.position(b.position() + 4);
                case 15 -> b.position(b.position() + 3);
                default -> throw new IllegalArgumentException("constant pool tag " + tag);
            }
        }
        b.position(b.position() + 6); // access, this, super
        int interfaces = b.getShort() & 0xffff;
        b.position(b.position() + 2 * interfaces);
        skipMembers(b); // fields
        Map<String, Range> out = new HashMap<>();
        int methods = b.getShort() & 0xffff;
        for (int m = 0; m < methods; m++) {
            b.position(b.position() + 2);
            String name = utf8[b.getShort() & 0xffff];
            b.position(b.position() + 2);
            int attributes = b.getShort() & 0xffff;
            for (int a = 0; a < attributes; a++) {
                String attr = utf8[b.getShort() & 0xffff];
                int length = b.getInt();
                int info = b.position();
                if ("Code".equals(attr)) out.put(name, new Range(info + 8, b.getInt(info + 4) & 0xffffffffL));
                b.position(info + length);
            }
        }
        return out;
    }

    private static void skipMembers(ByteBuffer b) {
        int n = b.getShort() & 0xffff;
        for (int i = 0; i < n; i++) {
            b.position(b.position() + 6);
            int attributes = b.getShort() & 0xffff;
            for (int a = 0; a < attributes; a++) {
                b.position(b.position() + 2);
                int length = b.getInt();
                b.position(b.position() + length);
            }
        }
    }
}
