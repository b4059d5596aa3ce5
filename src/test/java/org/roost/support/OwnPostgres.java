package org.roost.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the test's own (initdb under a temporary directory, trust
 * authentication, loopback only), so that it can be stopped and frozen without touching the
 * machine's shared server. {@link #close()} always removes it, frozen or not.
 */
public final class OwnPostgres implements AutoCloseable {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    private final Path bin;
    private final Path root;
    private final Path data;
    private final int port;

    private OwnPostgres(Path bin, Path root, int port) {
        this.bin = bin;
        this.root = root;
        this.data = root.resolve("data");
        this.port = port;
    }

    /** The directory of {@code pg_ctl} and {@code initdb}: the newest under /usr/lib/postgresql, or ROOST_TEST_PG_BIN. */
    public static Optional<Path> binaries() {
        String configured = System.getenv("ROOST_TEST_PG_BIN");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(dir -> Files.isExecutable(dir.resolve("pg_ctl")));
        }
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(dir -> Files.isExecutable(dir.resolve("pg_ctl")) && Files.isExecutable(dir.resolve("initdb")))
                    .max(Comparator.comparing(dir -> Integer.parseInt(dir.getParent().getFileName().toString())));
        }
        catch (IOException | NumberFormatException ex) {
            return Optional.empty();
        }
    }

    /** Creates and starts a cluster on a free port ({@link LocalProcesses#freePort()}). */
    public static OwnPostgres start() throws IOException {
        Path bin = binaries().orElseThrow(() -> new IllegalStateException("No PostgreSQL binaries (pg_ctl, initdb)"));
        Path root = Files.createTempDirectory("roost-fault-pg-");
        OwnPostgres postgres = new OwnPostgres(bin, root, LocalProcesses.freePort());
        try {
            if (LocalProcesses.isRoot()) {
                LocalProcesses.run(LIMIT, "chown", "postgres:", root.toString());
            }
            LocalProcesses.runAs("postgres", LIMIT, bin.resolve("initdb").toString(), "-D", postgres.data.toString(),
                    "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8");
            postgres.startServer();
            return postgres;
        }
        catch (RuntimeException ex) {
            postgres.close();
            throw ex;
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    public int port() {
        return port;
    }

    public void startServer() {
        LocalProcesses.runAs("postgres", LIMIT, bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l",
                root.resolve("server.log").toString(), "-w", "-t", "60", "-o",
                "-p " + port + " -k " + root + " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50",
                "start");
        LocalProcesses.awaitListening(port, true, LIMIT);
    }

    /** A fast shutdown: open connections are ended, as when an operator stops the server. */
    public void stopServer() {
        LocalProcesses.runAs("postgres", LIMIT, bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "fast",
                "-w", "stop");
    }

    /** Freezes the postmaster and every backend (SIGSTOP): connections stay open, nothing answers. */
    public void hang() {
        postmaster().ifPresent(handle -> {
            // The postmaster first: stopped, it forks no more backends, so the list taken next is complete. Listing
            // first let a backend forked in between (a pool opening a connection) run on and answer queries.
            LocalProcesses.signal("STOP", List.of(handle.pid()));
            List<Long> backends = handle.descendants().map(ProcessHandle::pid).toList();
            if (!backends.isEmpty()) {
                LocalProcesses.signal("STOP", backends);
            }
        });
    }

    public void resume() {
        LocalProcesses.signal("CONT", processes());
    }

    private List<Long> processes() {
        List<Long> pids = new ArrayList<>();
        postmaster().ifPresent(handle -> {
            pids.add(handle.pid());
            handle.descendants().forEach(child -> pids.add(child.pid()));
        });
        return pids;
    }

    private Optional<ProcessHandle> postmaster() {
        try {
            Path pidFile = data.resolve("postmaster.pid");
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            return ProcessHandle.of(Long.parseLong(Files.readAllLines(pidFile).getFirst().strip()));
        }
        catch (IOException | RuntimeException ex) {
            return Optional.empty();
        }
    }

    /** Thaws, stops immediately and deletes the cluster; each step runs even if an earlier one failed. */
    @Override
    public void close() {
        try {
            resume();
            if (postmaster().isPresent()) {
                LocalProcesses.runAs("postgres", LIMIT, bin.resolve("pg_ctl").toString(), "-D", data.toString(),
                        "-m", "immediate", "-w", "stop");
            }
        }
        catch (RuntimeException ex) {
            postmaster().ifPresent(ProcessHandle::destroyForcibly);
        }
        finally {
            TemporaryFiles.delete(root);
        }
    }
}
