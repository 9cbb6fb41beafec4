package jomp.linker.host;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The front of a jomp executable: a small x86-64 ELF file (no libc, no dynamic loader) that the
 * jar follows. Run, it execs {@code /bin/sh} with {@link #SCRIPT}, which finds a Java 25+ and runs
 * the file as a jar. The script also has the JVM preload this same file: its initialiser installs
 * a handler for SIGSEGV, SIGBUS, SIGILL and SIGFPE before the JVM starts, which HotSpot then
 * chains behind its own; a fault the JVM does not expect (a bad pointer in C code) reaches it, and
 * it makes the process end by the signal as a C program ends, where the JVM would print a crash
 * report and abort. The code is {@code src/main/asm/launcher.s}, assembled (LauncherTest checks
 * these bytes against GNU as).
 */
public final class Launcher {
    private Launcher() {}

    /** launcher.s assembled: code, then its strings; the script is appended at the end. */
    static final byte[] CODE = HexFormat.of()
            .parseHex("4889e34c8b234c8d6b084f8d74e5084881ec001000004989e7b859000000488d3da00200004c89fe"
                    + "baff0f00000f054885c07e0741c6040700eb044d8b7d004a8d04e5300000004829c44883e4f04889"
                    + "e7488d057c020000488907488d057a02000048894708488d059b02000048894710498b4500488947"
                    + "184c897f20b9010000004c39e1770f498b44cd00488944cf2048ffc1ebec4889fe488d3d34020000"
                    + "4c89f2b83b0000000f05bf7f000000b83c0000000f0553415441554883ec204889d34989f4488d05"
                    + "7c0100004889042448c744240804000004488d05d6010000488944241048c744241800000000bf0b"
                    + "000000e8fa000000bf07000000e8f0000000bf04000000e8e6000000bf08000000e8dc000000bf0d"
                    + "000000e8e7000000bf19000000e8dd000000488b058c0100004885c0745e488d0d6bfdffff4801c8"
                    + "498b34244885f6744b4983c408488d3d96010000b90e000000f3a675e331c9803c0e3075dbffc183"
                    + "f91072f3807e100075ce4c8d057f010000b91000000048c1c00489c283e20f418a1410881648ffc6"
                    + "ffc975ea488b334885f6744c488d3d3c010000b90b000000f3a674064883c308ebe24889f78a0684"
                    + "c0741d48ffc63c2074063c3a7402ebed8a06880748ffc648ffc784c075f2eb10488b430848890348"
                    + "83c3084885c075f04883c420415d415c5bc3488d74240831d241ba08000000b80d0000000f05c348"
                    + "83ec284189f831f64889e241ba08000000b80d0000000f054885c0751e48833c240174174489c748"
                    + "8d74243031d241ba08000000b80d0000000f054883c428c35341544883ec2889fb41bc0100000048"
                    + "85f67404448b660831c04889042448894424084889442410488944241889df4889e631d241ba0800"
                    + "0000b80d0000000f054585e47f20b8270000000f054989c4b8ba0000000f054c89e74889c689dab8"
                    + "ea0000000f054883c428415c5bc3b80f0000000f0500000000000000002f70726f632f73656c662f"
                    + "657865002f62696e2f7368002d63004c445f5052454c4f41443d2d446a6f6d702e726f646174613d"
                    + "30313233343536373839616263646566");

    /** Offsets in {@link #CODE}: {@code ctor}, and {@code rodata}, the read-only segment's address (relative to the image). */
    static final int CTOR = 0xb6, RODATA = 0x2bd;

    /** The JVM's options for every program (the script's comment says why each). */
    static final String JVM_OPTIONS =
            "-Xrs -XX:+DisableAttachMechanism -XX:+UseSerialGC -XX:-UsePerfData -XX:-DontCompileHugeMethods --sun-misc-unsafe-memory-access=allow -Xss32m";

    /**
     * What the executable's manifest says (Add-Opens, Enable-Native-Access), as options: a program
     * started from the start cache is not run as a jar, and the cache holds the module graph these
     * options make (StartCache trains it with them).
     */
    static final String MODULE_OPTIONS =
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED";

    /**
     * The script, run as {@code sh -c SCRIPT argv0 EXE args...}: $0 is the program's argv[0],
     * $1 the executable's path. The Java search uses shell built-ins where it can (no sed,
     * dirname): each fork costs about a millisecond; the java on PATH is looked up (a fork for
     * the command substitution, another for readlink) only when $JAVA_HOME and the start cache's
     * Java do not serve. jomp.stdout.tty is isatty(1) (the built-in
     * test), which decides stdout's buffering: asking Java's System.console() costs the program
     * 5 ms at start-up. LD_PRELOAD names the executable first (ld.so splits the list at spaces
     * and colons, so a path with either goes without the fault handler); the preloaded code takes
     * it out again. -XX:-UsePerfData: a process that ends by a signal would leave its
     * /tmp/hsperfdata_$USER file behind (and the JVM starts a little faster without it).
     * -XX:-DontCompileHugeMethods: HotSpot never compiles a method of more than 8000 bytes of
     * bytecode, and a C function that large (a main with a few target regions) ran interpreted,
     * loops and all (docs/PERFORMANCE.md §4).
     * -Djomp.rodata: the preloaded code writes the address of the program's read-only data there.
     * -Djomp.executable: the file the fault handler was preloaded from (jomp.runtime.start.Signals).
     * -Xrs: HotSpot leaves SIGTERM, SIGINT, SIGHUP and SIGQUIT alone (no shutdown hooks on them, no
     * thread dump), so their default action ends the program as it ends a C program (status
     * 128 + n, nothing printed, no atexit handler), and the C library's signal and sigaction
     * own them (docs/design/abi.md § Signals). -XX:+DisableAttachMechanism: with -Xrs HotSpot starts
     * its attach listener at start-up (it cannot be asked for it by SIGQUIT), whose socket
     * /tmp/.java_pid<pid> a program ended by a signal would leave behind; JOMP_JAVA_OPTS=
     * -XX:-DisableAttachMechanism brings jcmd back. -Xss32m: the threads' JVM stacks, where each C
     * call has a frame larger than gcc's (an interpreted one holds every JVM local of the method),
     * so that recursion gcc's build runs on 8 MiB runs here too (jq's 10,000-deep values at -g).
     *
     * <p>The start cache ({@link StartCache}, docs/PERFORMANCE.md § Start-up): jomp's build made
     * AOT caches of the runtime's start for the runtime this program carries (@AOT@: the one for
     * programs that call native code, or the one for those that do not), in a folder named
     * by that runtime's hash (under {@code @CACHE@}, the folder the link saw, or $JOMP_START_CACHE;
     * 0 or empty: none). When it is there, the Java that made it is the one found, and no JVM
     * options of the user's could contradict it, the program runs from it: the runtime's classes
     * from the cache, the program's from the executable, the manifest's module options given as
     * options. The executable is first on the class path: looking a class up opens each jar
     * before the one that holds it and reads its whole directory, so the program's classes are
     * found without opening the runtime's jars (about 8 ms CPU of a start); a runtime class the
     * cache lacks comes from the executable's copy, the same bytes as the cache's jar's. Otherwise, and whenever the
     * JVM finds the cache unusable (it says nothing then: -Xlog:aot=off), the executable runs as a jar.
     */
    static final String SCRIPT = """
            x=$1; shift
            j=""
            jdk() {
              [ -n "$1" ] && [ -x "$1/bin/java" ] && [ -r "$1/release" ] || return 1
              v=""
              while IFS= read -r l; do case $l in JAVA_VERSION=\\"*) v=${l#JAVA_VERSION=\\"}; v=${v%%[!0-9]*}; break;; esac; done < "$1/release"
              [ -n "$v" ] && [ "$v" -ge 25 ] 2>/dev/null && j=$1/bin/java
            }
            c=""; h=""
            if [ -z "$JOMP_JAVA_OPTS$JAVA_TOOL_OPTIONS$JDK_JAVA_OPTIONS$_JAVA_OPTIONS" ]; then
              c=${JOMP_START_CACHE-@CACHE@}
              case $c in ""|0) c="";; *) c=$c/@KEY@; [ -r "$c/@AOT@" ] && [ -r "$c/java.home" ] && IFS= read -r h < "$c/java.home" || h="";; esac
            fi
            jdk "$JAVA_HOME" || jdk "$h" || { p=$(command -v java 2>/dev/null) && p=$(readlink -f "$p" 2>/dev/null) && jdk "${p%/bin/java}"; } ||
              for d in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/*; do jdk "$d" && break; done
            [ -n "$j" ] || { echo "$0: error: no Java 25 or newer found (set JAVA_HOME)" >&2; exit 127; }
            t=0; [ -t 1 ] && t=1
            case $x in *[\\ :]*) ;; *) LD_PRELOAD="$x${LD_PRELOAD:+ $LD_PRELOAD}"; export LD_PRELOAD;; esac
            if [ -n "$h" ] && [ "$j" -ef "$h/bin/java" ]; then
              case $c$x in *:*) ;; *) exec "$j" @JVM@ -XX:AOTCache="$c/@AOT@" -Xlog:aot=off -Xlog:cds=off @MODULES@ -Djomp.program="$0" -Djomp.stdout.tty=$t -Djomp.rodata=0000000000000000 -Djomp.executable="$x" -Djomp.calls="$c/@CALLS@" -cp "$x:$c/jomp-runtime.jar:$c/jomp-offload-abi.jar" jomp.link.Main "$@";; esac
            fi
            exec "$j" @JVM@ -Xshare:auto -Djomp.program="$0" -Djomp.stdout.tty=$t -Djomp.rodata=0000000000000000 -Djomp.executable="$x" $JOMP_JAVA_OPTS -jar "$x" "$@"
            """.replace("@JVM@", JVM_OPTIONS)
            .replace("@MODULES@", MODULE_OPTIONS)
            .replace("@CALLS@", StartCache.CALLS);

    /** The script for a program whose runtime has the start cache {@code cache} (null: none known), of which it uses the file {@code aot}. */
    static String script(StartCache.Location cache, String aot) {
        return SCRIPT.replace(
                        "@CACHE@", cache == null ? "" : shellQuote(cache.root().toString()))
                .replace("@KEY@", cache == null ? "none" : cache.key())
                .replace("@AOT@", aot);
    }

    /** {@code s} as one shell word, in single quotes. */
    static String shellQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Program headers: text, dynamic data, PT_DYNAMIC, PT_GNU_STACK, and the read-only data (PT_NULL when none). */
    private static final int EHDR = 64, PHDR = 56, PHNUM = 5, PAGE = 4096;

    private static final int PT_LOAD = 1, PT_DYNAMIC = 2, PT_GNU_STACK = 0x6474e551;
    private static final int PF_X = 1, PF_W = 2, PF_R = 4;
    private static final int DT_NULL = 0,
            DT_HASH = 4,
            DT_STRTAB = 5,
            DT_SYMTAB = 6,
            DT_STRSZ = 10,
            DT_SYMENT = 11,
            DT_INIT = 12;

    /**
     * The ELF file: header, program headers, code and script (read and execute, at address 0),
     * then the dynamic section the loader needs to run {@code ctor} (read-write, a page further
     * up, as ld.so relocates it in place): DT_INIT, and an empty symbol table with its hash and
     * string tables, so that symbol look-ups pass over this object; then, page-aligned, the
     * program's read-only data {@code rodata} as a read-only segment of its own (none if empty).
     */
    public static byte[] image(byte[] rodata) {
        return image(script(null, StartCache.PLAIN), rodata);
    }

    /** The image of a program whose runtime has the start cache {@code cache} (null: none known), of which it uses the file {@code aot}. */
    public static byte[] image(StartCache.Location cache, String aot, byte[] rodata) {
        return image(script(cache, aot), rodata);
    }

    /** The image with another script (tests). */
    static byte[] image(String text, byte[] rodata) {
        byte[] script = text.getBytes(StandardCharsets.US_ASCII);
        int code = EHDR + PHNUM * PHDR;
        int textEnd = code + CODE.length + script.length + 1;
        int dynOff = (textEnd + 7) & ~7;
        int dynAddr = dynOff + PAGE;
        // data: .dynamic (7 entries), .hash (nbucket, nchain, bucket, chain), .dynsym (one null symbol), .dynstr ("")
        int dynSize = 7 * 16, hashOff = dynSize, symOff = hashOff + 16, strOff = symOff + 24, dataSize = strOff + 8;
        int roOff = (dynOff + dataSize + PAGE - 1) & -PAGE, roAddr = roOff + PAGE;
        ByteBuffer b = ByteBuffer.allocate(rodata.length == 0 ? dynOff + dataSize : roOff + rodata.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        // ELF header
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0}).putLong(0);
        b.putShort((short) 3).putShort((short) 62).putInt(1); // ET_DYN, EM_X86_64, EV_CURRENT
        b.putLong(code).putLong(EHDR).putLong(0); // entry, phoff, shoff
        b.putInt(0).putShort((short) EHDR).putShort((short) PHDR).putShort((short) PHNUM);
        b.putShort((short) 64).putShort((short) 0).putShort((short) 0);
        // program headers
        phdr(b, PT_LOAD, PF_R | PF_X, 0, 0, textEnd, PAGE);
        phdr(b, PT_LOAD, PF_R | PF_W, dynOff, dynAddr, dataSize, PAGE);
        phdr(b, PT_DYNAMIC, PF_R | PF_W, dynOff, dynAddr, dynSize, 8);
        phdr(b, PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 16);
        if (rodata.length == 0) phdr(b, 0, 0, 0, 0, 0, 0);
        else phdr(b, PT_LOAD, PF_R, roOff, roAddr, rodata.length, PAGE);
        b.put(CODE).put(script).put((byte) 0);
        if (rodata.length > 0) b.putLong(code + RODATA, roAddr);
        b.position(dynOff);
        b.putLong(DT_INIT).putLong(code + CTOR);
        b.putLong(DT_HASH).putLong(dynAddr + hashOff);
        b.putLong(DT_SYMTAB).putLong(dynAddr + symOff);
        b.putLong(DT_SYMENT).putLong(24);
        b.putLong(DT_STRTAB).putLong(dynAddr + strOff);
        b.putLong(DT_STRSZ).putLong(1);
        b.putLong(DT_NULL).putLong(0);
        b.putInt(1).putInt(1).putInt(0).putInt(0); // .hash: one empty bucket; symbol and strings: zeros
        if (rodata.length > 0) b.put(roOff, rodata);
        return b.array();
    }

    private static void phdr(ByteBuffer b, int type, int flags, long off, long addr, long size, long align) {
        b.putInt(type)
                .putInt(flags)
                .putLong(off)
                .putLong(addr)
                .putLong(addr)
                .putLong(size)
                .putLong(size)
                .putLong(align);
    }
}
