package org.roost.identity.federation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.roost.support.NodeTools;
import org.springframework.test.context.DynamicPropertyRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real third-party OpenID Connect provider for the tests (oidc-provider, src/test/oidc-provider/provider.mjs) on a
 * free loopback port, registered with Roost as provider {@code test} ("Test ID") through Spring Boot's standard
 * properties, as an operator would. Any login name is an account there (see provider.mjs for its claims).
 */
final class TestProvider implements AutoCloseable {

    static final Path DIR = Path.of("src/test/oidc-provider");
    static final String NAME = "Test ID";

    private final Process process;
    private final String issuer;

    private TestProvider(Process process, String issuer) {
        this.process = process;
        this.issuer = issuer;
    }

    static TestProvider start() throws IOException, InterruptedException {
        NodeTools.requireNode("the federation tests' OpenID provider");
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
        return issuer;
    }

    void register(DynamicPropertyRegistry registry) {
        String registration = "spring.security.oauth2.client.registration.test.";
        registry.add(registration + "client-id", () -> "roost");
        registry.add(registration + "client-secret", () -> "roost-secret");
        registry.add(registration + "client-name", () -> NAME);
        registry.add(registration + "scope", () -> "openid,email,profile");
        registry.add("spring.security.oauth2.client.provider.test.issuer-uri", () -> issuer);
    }

    @Override
    public void close() {
        process.destroy();
    }
}
