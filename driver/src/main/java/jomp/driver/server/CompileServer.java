package jomp.driver.server;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import jomp.driver.Main;
import jomp.env.Invocation;

/**
 * The compile server: one warm JVM that runs {@code jomp} commands for bin/jomp, so a compile
 * costs a connection instead of a JVM start (the idea of Gradle's and Kotlin's daemons).
 *
 * <p>bin/jomp (bash, over /dev/tcp) opens three connections to 127.0.0.1:port, each starting
 * with a line {@code KIND secret token}: {@code OUT} and {@code ERR} receive the command's
 * standard output and error; {@code RUN} (whose line ends with the client's umask, in octal)
 * then sends, NUL-terminated, the working directory, the
 * argument count, the arguments and the environment ({@code env -0}, then one empty entry), and
 * gets back one line: the exit status, or {@code STALE} when the jars changed since the server
 * started (the client then runs the command itself and the server exits). The secret is in the
 * server file (mode 0600 in a 0700 folder), so only its user can run commands.
 *
 * <p>Commands run concurrently, each on a thread of its own with its own {@link Invocation}
 * (working directory, environment, umask), which the threads it starts inherit; jomp's tools
 * read paths, variables and the umask only through it. When the client goes away before the
 * command ends (Ctrl-C kills bin/jomp, which closes its connections), the command is
 * cancelled: its remaining jobs do not start and none of its outputs appears. The server stops
 * after {@code JOMP_SERVER_IDLE} seconds without a command (default 300) or when its file is
 * removed.
 */
public final class CompileServer {
    private static final int TOKEN_WAIT_SECONDS = 10;
    private static final java.nio.charset.Charset ARG_CHARSET =
            java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"), StandardCharsets.UTF_8);

    private final Path serverFile;
    private final String secret;
    private final Path libDir;
    private final String fingerprint;
    private final long idleMillis;
    private final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
    private final Map<String, CompletableFuture<Socket>> streams = new ConcurrentHashMap<>();
    private volatile long lastActivity = System.currentTimeMillis();
    private volatile boolean stopping;
    private ServerSocket socket;
    private static volatile boolean serving;

    /** True in the server's JVM (so that -v can say where a command ran). */
    public static boolean isRunning() {
        return serving;
    }

    CompileServer(Path serverFile, Path libDir, long idleMillis) {
        this.serverFile = serverFile;
        this.libDir = libDir;
        this.fingerprint = fingerprint(libDir);
        this.idleMillis = idleMillis;
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        this.secret = HexFormat.of().formatHex(b);
    }

    /** {@code CompileServer <server file>}; started in the background by bin/jomp. */
    @SuppressWarnings("EmptyCatch") // an unreadable idle time keeps the default
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: jomp.driver.server.CompileServer <server file>");
            System.exit(2);
        }
        String idle = System.getenv("JOMP_SERVER_IDLE");
        long idleSeconds = 300;
        try {
            if (idle != null) idleSeconds = Long.parseLong(idle.strip());
        } catch (NumberFormatException ignored) {
        }
        Path root =
                Path.of(System.getProperty("jomp.root", ".")).toAbsolutePath().normalize();
        Path file = Path.of(args[0]).toAbsolutePath();
        CompileServer server =
                new CompileServer(file, root.resolve("dist/target/jomp/lib"), Math.max(1, idleSeconds) * 1000);
        System.exit(server.serve() ? 0 : 1);
    }

    /** Binds, publishes the server file and serves until idle or stale; false if another server holds the lock. */
    boolean serve() throws IOException {
        Path dir = serverFile.getParent();
        Files.createDirectories(
                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        // the secret must stay ours: refuse a folder someone else made or others can enter
        var owner = Files.getOwner(dir);
        var perms = Files.getPosixFilePermissions(dir);
        if (!owner.getName().equals(System.getProperty("user.name"))
                || perms.stream()
                        .anyMatch(x -> x.name().startsWith("GROUP") || x.name().startsWith("OTHERS"))) {
            System.err.println("jomp compile server: " + dir + " must belong to " + System.getProperty("user.name")
                    + " with mode 0700; not starting");
            return false;
        }
        try (FileChannel lockChannel = FileChannel.open(
                        dir.resolve(serverFile.getFileName() + ".lock"),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                FileLock lock = lockChannel.tryLock()) {
            if (lock == null) return false; // another server for this installation is starting or running
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            publish();
            serving = true;
            Main.served = true;
            Thread watchdog =
                    Thread.ofPlatform().daemon().name("jomp-server-idle").start(this::watchIdle);
            try {
                while (!stopping) {
                    Socket s;
                    try {
                        s = socket.accept();
                    } catch (IOException e) {
                        if (stopping) break;
                        throw e;
                    }
                    lastActivity = System.currentTimeMillis();
                    // commands parse deeply nested C: the same stack bin/jomp gives the main thread
                    Thread.ofPlatform()
                            .name("jomp-server-connection")
                            .stackSize(256L << 20)
                            .start(() -> handle(s));
                }
            } finally {
                watchdog.interrupt();
                unpublish();
            }
            return true;
        }
    }

    private void publish() throws IOException {
        Path tmp = serverFile.resolveSibling(
                serverFile.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.writeString(
                tmp,
                socket.getLocalPort() + " " + secret + " "
                        + ProcessHandle.current().pid() + "\n",
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
        Files.move(tmp, serverFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Removes the server file if it still names this server. */
    private void unpublish() {
        try {
            String text = Files.readString(serverFile);
            if (text.startsWith(socket.getLocalPort() + " " + secret + " ")) Files.deleteIfExists(serverFile);
        } catch (IOException ignored) {
            /* gone already */
        }
    }

    private void watchIdle() {
        while (!stopping) {
            try {
                Thread.sleep(Math.min(idleMillis, 1000));
            } catch (InterruptedException e) {
                return;
            }
            boolean idle = running.get() == 0 && System.currentTimeMillis() - lastActivity > idleMillis;
            if (idle || !Files.exists(serverFile)) stop();
        }
    }

    @SuppressWarnings("EmptyCatch") // closing a socket that is already closed: nothing to do
    void stop() {
        stopping = true;
        try {
            socket.close();
        } catch (IOException ignored) {
        }
    }

    @SuppressWarnings("EmptyCatch") // the client went away: nothing to tell it
    private void handle(Socket s) {
        try {
            InputStream in = new java.io.BufferedInputStream(s.getInputStream(), 1 << 14);
            String[] head = readLine(in).split(" ");
            if (head.length < 3 || head.length > 4 || !constantTimeEquals(head[1], secret)) {
                s.close();
                return;
            }
            switch (head[0]) {
                case "OUT", "ERR" ->
                    streams.computeIfAbsent(head[0] + " " + head[2], k -> new CompletableFuture<>())
                            .complete(s);
                case "RUN" -> run(s, in, head[2], head.length == 4 ? Integer.parseInt(head[3], 8) & 0777 : -1);
                default -> s.close();
            }
        } catch (IOException e) {
            try {
                s.close();
            } catch (IOException ignored) {
            }
        }
    }

    @SuppressWarnings("EmptyCatch") // the client went away: nothing to tell it
    private void run(Socket control, InputStream in, String token, int umask) throws IOException {
        try (control) {
            Path cwd = Path.of(readField(in));
            int argc = Integer.parseInt(readField(in));
            List<String> args = new ArrayList<>();
            for (int i = 0; i < argc; i++) args.add(readField(in));
            Map<String, String> env = new LinkedHashMap<>();
            for (String e = readField(in); !e.isEmpty(); e = readField(in)) {
                int eq = e.indexOf('=');
                if (eq > 0) env.put(e.substring(0, eq), e.substring(eq + 1));
            }
            Socket out = await("OUT " + token), err = await("ERR " + token);
            try (out;
                    err) {
                OutputStream reply = control.getOutputStream();
                if (!fingerprint.equals(fingerprint(libDir))) { // rebuilt: this JVM runs old code
                    reply.write("STALE\n".getBytes(StandardCharsets.US_ASCII));
                    reply.flush();
                    stop();
                    return;
                }
                reply.write("GO\n".getBytes(StandardCharsets.US_ASCII));
                reply.flush();
                Invocation inv = umask < 0 ? new Invocation(cwd, env) : new Invocation(cwd, env, umask);
                // the client sends nothing more: end of stream on the control connection means it went away
                Thread.ofVirtual().name("jomp-server-watch").start(() -> {
                    try {
                        while (in.read() >= 0) {
                            /* nothing is expected */
                        }
                    } catch (IOException ignored) {
                    }
                    inv.cancellation().cancel();
                });
                int status = execute(inv, args, out.getOutputStream(), err.getOutputStream());
                out.shutdownOutput();
                err.shutdownOutput();
                reply.write((status + "\n").getBytes(StandardCharsets.US_ASCII));
                reply.flush();
                if (running.get() == 0) collectGarbage(); // not while another command compiles
            }
        } catch (RuntimeException e) {
            // a malformed request: nothing ran; the client sees no status and reports it
        } finally {
            streams.remove("OUT " + token);
            streams.remove("ERR " + token);
            lastActivity = System.currentTimeMillis();
        }
    }

    /** Heap in use above which a command's garbage is collected once it has been answered. */
    private static final long COLLECT_ABOVE = 48L << 20;

    /**
     * After a large command (a big unit leaves its tokens, AST and IR behind, promoted to the old
     * generation by the young collections during its compile), a full collection while the
     * server is idle: the next command then starts from an empty heap instead of paying for a
     * full collection in the middle of its compile. Small commands leave too little to matter.
     */
    private static void collectGarbage() {
        Runtime r = Runtime.getRuntime();
        if (r.totalMemory() - r.freeMemory() > COLLECT_ABOVE) System.gc();
    }

    private Socket await(String key) throws IOException {
        try {
            return streams.computeIfAbsent(key, k -> new CompletableFuture<>())
                    .get(TOKEN_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("no " + key + " connection");
        }
    }

    /** Runs one command as bin/jomp would, with its working directory and environment installed. */
    int execute(Path cwd, List<String> args, Map<String, String> env, OutputStream outStream, OutputStream errStream) {
        return execute(new Invocation(cwd, env), args, outStream, errStream);
    }

    /** Runs one command as bin/jomp would, on this thread, with its invocation installed. */
    int execute(Invocation inv, List<String> args, OutputStream outStream, OutputStream errStream) {
        PrintStream out = new PrintStream(new BufferedOutputStream(outStream, 1 << 16), false);
        PrintStream err = new PrintStream(new BufferedOutputStream(errStream, 1 << 14), true);
        running.incrementAndGet();
        try {
            Invocation.install(inv);
            return Main.run(args.toArray(String[]::new), out, err);
        } catch (Throwable t) {
            // as a command in a JVM of its own reports it (Main)
            if (t instanceof VirtualMachineError) stop(); // out of memory or stack: start afresh next time
            java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("jomp"));
            command.addAll(args);
            return jomp.env.Crash.report("jomp", command, t, err);
        } finally {
            Invocation.reset();
            running.decrementAndGet();
            out.flush();
            err.flush();
        }
    }

    /** Names, sizes and times of the jars: a rebuilt jomp must not be served by this JVM. */
    static String fingerprint(Path libDir) {
        StringBuilder sb = new StringBuilder();
        try (var files = Files.list(libDir)) {
            for (Path p : files.sorted().toList()) {
                if (!p.getFileName().toString().endsWith(".jar")) continue;
                sb.append(p.getFileName())
                        .append(':')
                        .append(Files.size(p))
                        .append(':')
                        .append(Files.getLastModifiedTime(p).toMillis())
                        .append(';');
            }
        } catch (IOException e) {
            sb.append("unreadable");
        }
        return sb.toString();
    }

    private static String readLine(InputStream in) throws IOException {
        return read(in, '\n', 256);
    }

    private static String readField(InputStream in) throws IOException {
        return read(in, '\0', 1 << 20);
    }

    private static String read(InputStream in, char end, int max) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c; (c = in.read()) != end; ) {
            if (c < 0) throw new IOException("connection closed");
            if (b.size() >= max) throw new IOException("request field too long");
            b.write(c);
        }
        // decoded as the JVM decodes its own command line, so both paths see the same strings
        return b.toString(ARG_CHARSET);
    }

    private static boolean constantTimeEquals(String a, String b) {
        return java.security.MessageDigest.isEqual(
                a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }
}
