package jomp.tests;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A bus error as C code meets it: a read through a mapping of a file that was truncated under it,
 * by jomp's memory accessors (jomp.runtime.mem.Mem), then the exception HotSpot makes of it given
 * to jomp.runtime.start.Signals as C code's callers give it. Run by CrashTest in a JVM that has
 * preloaded a jomp executable (as the executable's launcher has the JVM do), with the executable's
 * jar first on the class path, so the runtime is the executable's. Reflection: the tests module
 * does not compile against the runtime.
 */
public final class BusFault {
    private BusFault() {}

    public static void main(String[] args) throws Throwable {
        Path f = Path.of(args[0]);
        try (FileChannel ch = FileChannel.open(
                f,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.allocate(8192));
            long address = MemorySegment.ofBuffer(ch.map(FileChannel.MapMode.READ_ONLY, 0, 8192))
                    .address();
            ch.truncate(0);
            Files.delete(f);
            try {
                Object v = Class.forName("jomp.runtime.mem.Mem")
                        .getMethod("getInt", long.class)
                        .invoke(null, address + 4096);
                System.out.println("read " + v);
            } catch (Throwable t) {
                Class.forName("jomp.runtime.start.Signals")
                        .getMethod("dieOf", Throwable.class)
                        .invoke(null, t);
                throw t;
            }
        }
    }
}
