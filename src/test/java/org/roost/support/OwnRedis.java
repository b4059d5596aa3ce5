package org.roost.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A redis-server of the test's own (loopback, no persistence), so that it can be stopped and
 * started again without touching the machine's shared one. {@link #close()} always ends it.
 */
public final class OwnRedis implements AutoCloseable {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private final Path root;
    private final int port;

    private OwnRedis(Path root, int port) {
        this.root = root;
        this.port = port;
    }

    public static Optional<Path> binary() {
        return Stream.of("/usr/bin/redis-server", "/usr/local/bin/redis-server").map(Path::of)
                .filter(Files::isExecutable).findFirst();
    }

    public static OwnRedis start() throws IOException {
        OwnRedis redis = new OwnRedis(Files.createTempDirectory("roost-fault-redis-"), LocalProcesses.freePort());
        try {
            redis.startServer();
            return redis;
        }
        catch (RuntimeException ex) {
            redis.close();
            throw ex;
        }
    }

    public int port() {
        return port;
    }

    public void startServer() {
        String server = binary().orElseThrow(() -> new IllegalStateException("No redis-server")).toString();
        LocalProcesses.run(LIMIT, server, "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--daemonize", "yes", "--dir", root.toString(), "--pidfile",
                root.resolve("redis.pid").toString(), "--logfile", root.resolve("redis.log").toString());
        LocalProcesses.awaitListening(port, true, LIMIT);
    }

    /** Ends the server (SIGTERM, no save): its data is gone, as after a Redis restart without persistence. */
    public void stopServer() {
        pid().ifPresent(pid -> LocalProcesses.signal("TERM", List.of(pid)));
        LocalProcesses.awaitListening(port, false, LIMIT);
    }

    private Optional<Long> pid() {
        try {
            Path file = root.resolve("redis.pid");
            return Files.exists(file) ? Optional.of(Long.parseLong(Files.readString(file).strip())) : Optional.empty();
        }
        catch (IOException | NumberFormatException ex) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        try {
            pid().flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
        }
        finally {
            TemporaryFiles.delete(root);
        }
    }
}
