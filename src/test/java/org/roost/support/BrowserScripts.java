package org.roost.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Runs a browser script from src/test/e2e (playwright-core in Debian's Chromium, shared parts in harness.mjs) against
 * a Roost on a local port, and asserts that every check passed. Screenshots go to target/screenshots, never into the
 * checkout. Without node or chromium the test is skipped locally, visibly, and fails in CI.
 */
public final class BrowserScripts {

    public static final Path DIR = Path.of("src/test/e2e");

    public static final Path SCREENSHOTS = Path.of("target/screenshots");

    /** The longest one script may run; the browser test classes give JUnit a little more (their @Timeout). */
    public static final java.time.Duration LIMIT = java.time.Duration.ofMinutes(8);

    private BrowserScripts() {
    }

    /** Runs {@code node <script> <base-url> <screenshot-dir> <extra...>}, prints its output, and returns it. */
    public static String runPassing(String script, int port, String... extra) throws IOException, InterruptedException {
        return runPassing(script, port, java.util.Map.of(), extra);
    }

    /**
     * The same script without its accessibility checks (axe; the scripts still check for stray "null" and
     * "undefined"), for a second run of flows whose pages a first run on the other database checks already: axe is
     * about a fifth of a script's time, and a page's accessibility does not depend on the database behind it.
     */
    public static String runPassingWithoutAxe(String script, int port, String... extra) throws IOException, InterruptedException {
        return runPassing(script, port, java.util.Map.of("ROOST_E2E_AXE", "off"), extra);
    }

    private static String runPassing(String script, int port, java.util.Map<String, String> environment, String... extra)
            throws IOException, InterruptedException {
        List<String> command = prepare(script, port, extra);
        Result result = run(command, environment);
        System.out.println(result.output());
        assertThat(result.output()).contains("all passed").doesNotContain("FAIL");
        assertThat(result.exitCode()).isZero();
        return result.output();
    }

    /** Node and Chromium present, the scripts' packages installed (on a first run), and the script's command line. */
    private static List<String> prepare(String script, int port, String... extra) throws IOException, InterruptedException {
        requireInstalled();
        if (!Files.isDirectory(DIR.resolve("node_modules/playwright-core"))) {
            assertThat(run(List.of("npm", "ci", "--no-audit", "--no-fund"), java.util.Map.of()).exitCode()).as("npm ci").isZero();
        }
        List<String> command = new ArrayList<>(List.of("node", script, "http://localhost:" + port,
                SCREENSHOTS.toAbsolutePath().toString()));
        command.addAll(List.of(extra));
        return command;
    }

    private record Result(int exitCode, String output) {
    }

    /**
     * Starts {@code node <script> <base-url> <screenshot-dir> <extra...>} and returns at once, for a test that acts on
     * the service while the script runs (a restart); {@link Running#finishPassing} waits for it as
     * {@link #runPassing} does.
     */
    public static Running start(String script, int port, String... extra) throws IOException {
        List<String> command;
        try {
            command = prepare(script, port, extra);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException(ex);
        }
        Path output = Files.createTempFile("browser-script", ".log");
        Process process = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        return new Running(command, process, output);
    }

    /** A script started by {@link #start}; {@link #close} ends it if it still runs. */
    public record Running(List<String> command, Process process, Path output) implements AutoCloseable {

        /** Waits for the script (at most {@link #LIMIT} from now), prints its output and checks that it passed. */
        public String finishPassing() throws IOException, InterruptedException {
            if (!process.waitFor(LIMIT.toMinutes(), TimeUnit.MINUTES)) {
                fail("timed out after " + LIMIT + ": " + command + "\n" + Files.readString(output));
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            System.out.println(text);
            assertThat(text).contains("all passed").doesNotContain("FAIL");
            assertThat(process.exitValue()).isZero();
            return text;
        }

        @Override
        public void close() throws IOException {
            process.destroyForcibly();
            Files.deleteIfExists(output);
        }
    }

    /**
     * The output goes to a file, not a pipe read to its end: reading would block until the script ends, and the time
     * limit below (and JUnit's, which interrupts) could never cut a script that hangs.
     */
    private static Result run(List<String> command, java.util.Map<String, String> environment) throws IOException, InterruptedException {
        Path output = Files.createTempFile("browser-script", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            try {
                if (!process.waitFor(LIMIT.toMinutes(), TimeUnit.MINUTES)) {
                    fail("timed out after " + LIMIT + ": " + command + "\n" + Files.readString(output));
                }
            }
            finally {
                process.destroyForcibly(); // a no-op once it ended; ends it on a timeout or an interrupt
            }
            return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        }
        finally {
            Files.deleteIfExists(output);
        }
    }

    private static void requireInstalled() {
        boolean present;
        try {
            present = new ProcessBuilder("node", "--version").start().waitFor() == 0
                    && Files.isExecutable(Path.of("/usr/bin/chromium"));
        }
        catch (IOException | InterruptedException ex) {
            present = false;
        }
        if (!present) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI needs node and chromium for the browser tests (see .ci/run)");
            }
            System.err.println("SKIPPED: node or chromium is not installed, so the browser test did not run");
            Assumptions.abort("node or chromium is not installed");
        }
    }
}
