package org.roost.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/** Running the commands that start, stop and freeze the fault tests' own servers. */
final class LocalProcesses {

    private LocalProcesses() {
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Runs a command to its end (bounded), failing with its output when it fails. */
    static String run(Duration limit, String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("Timed out after " + limit + ": " + String.join(" ", command));
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException("Exit " + process.exitValue() + " from " + String.join(" ", command)
                        + ":\n" + output);
            }
            return output;
        }
        catch (IOException ex) {
            throw new IllegalStateException("Could not run " + String.join(" ", command), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /** Like {@link #run} as {@code user} (when we are root: PostgreSQL refuses to run as root). */
    static String runAs(String user, Duration limit, String... command) {
        if (!isRoot()) {
            return run(limit, command);
        }
        List<String> all = new ArrayList<>(List.of("runuser", "-u", user, "--"));
        all.addAll(List.of(command));
        return run(limit, all.toArray(String[]::new));
    }

    /** Sends a signal, ignoring processes that are already gone. */
    static void signal(String signal, List<Long> pids) {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        try {
            new ProcessBuilder(command).redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A port nobody listens on, drawn at random below the kernel's ephemeral range (32768 and up): random so that two
     * test runs on one machine do not both take the first free one, and below that range so that no outgoing
     * connection takes it while a test has its server stopped.
     */
    public static int freePort() {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress("127.0.0.1", port));
                return port;
            }
            catch (IOException taken) {
                // draw again
            }
        }
        throw new IllegalStateException("No free port in 20000-31999");
    }

    static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        }
        catch (IOException ex) {
            return false;
        }
    }

    static void awaitListening(int port, boolean expected, Duration limit) {
        await("port " + port + (expected ? " open" : " closed")).atMost(limit).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100)).until(() -> listening(port) == expected);
    }
}
