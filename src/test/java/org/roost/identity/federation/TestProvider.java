package org.roost.identity.federation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.roost.support.NodeTools;
import org.springframework.test.context.DynamicPropertyRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real third-party OpenID Connect provider for the tests (oidc-provider, src/test/oidc-provider/provider.mjs) on a
 * free loopback port, registered with Roost as provider {@code test} ("Test ID") through Spring Boot's standard
 * properties, as an operator would. Any login name is an account there (see provider.mjs for its claims). Started
 * with the context that registers it ({@link TestProviderRegistration}) and stopped with it.
 */
final class TestProvider implements AutoCloseable {

    static final Path DIR = Path.of("src/test/oidc-provider");
    static final String NAME = "Test ID";

    /** What a test that uses the provider names when it asks for node (and is skipped without it, or fails in CI). */
    static final String NEEDS_NODE = "the federation tests' OpenID provider";

    private final @Nullable Process process;
    private final @Nullable String issuer;

    private TestProvider(@Nullable Process process, @Nullable String issuer) {
        this.process = process;
        this.issuer = issuer;
    }

    /**
     * The provider, started; or, without node, none (nothing is registered then, and the tests that use it are
     * skipped by {@link NodeTools#requireNode}), so that the other tests of the context it is part of still run.
     */
    static TestProvider startIfNodeIsThere() throws IOException, InterruptedException {
        boolean node;
        try {
            node = new ProcessBuilder("node", "--version").start().waitFor() == 0;
        }
        catch (IOException absent) {
            node = false;
        }
        return node ? start() : new TestProvider(null, null);
    }

    private static TestProvider start() throws IOException, InterruptedException {
        if (!Files.isDirectory(DIR.resolve("node_modules/oidc-provider"))) {
            Process install = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(DIR.toFile())
                    .redirectErrorStream(true).start();
            String output = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(install.waitFor(5, TimeUnit.MINUTES)).as("npm ci in time").isTrue();
            assertThat(install.exitValue()).as("npm ci: " + output).isZero();
        }
        Process process = new ProcessBuilder("node", "provider.mjs").directory(DIR.toFile()).redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null && !line.startsWith("issuer ")) {
            // its warnings (development keys, in-memory store) are expected
        }
        assertThat(line).as("the provider started").isNotNull();
        Thread drain = new Thread(() -> {
            try {
                while (lines.readLine() != null) {
                    // keeps its output pipe from filling up
                }
            }
            catch (IOException ended) {
                // the process ended
            }
        });
        drain.setDaemon(true);
        drain.start();
        return new TestProvider(process, line.substring("issuer ".length()).strip());
    }

    String issuer() {
        NodeTools.requireNode(NEEDS_NODE);
        return java.util.Objects.requireNonNull(issuer, "the provider started");
    }

    void register(DynamicPropertyRegistry registry) {
        if (issuer == null) {
            return;
        }
        String registration = "spring.security.oauth2.client.registration.test.";
        registry.add(registration + "client-id", () -> "roost");
        registry.add(registration + "client-secret", () -> "roost-secret");
        registry.add(registration + "client-name", () -> NAME);
        registry.add(registration + "scope", () -> "openid,email,profile");
        registry.add("spring.security.oauth2.client.provider.test.issuer-uri", () -> issuer);
    }

    /**
     * Stops the provider's process (SIGSTOP) until the answer is closed (SIGCONT): it still takes connections, the
     * kernel's, and answers none, as a hung provider would.
     */
    Paused pause() throws IOException, InterruptedException {
        Process running = java.util.Objects.requireNonNull(process, "the provider started");
        signal("STOP", running);
        return () -> signal("CONT", running);
    }

    /** A paused provider; closing it lets the provider run again. */
    interface Paused extends AutoCloseable {
        @Override
        void close() throws IOException, InterruptedException;
    }

    private static void signal(String signal, Process process) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -" + signal).isTrue();
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroy();
        }
    }
}
