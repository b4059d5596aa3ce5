package org.roost.authorization.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.roost.support.NodeTools;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The authorization server driven by a real client library: src/test/node/oidc.mjs, openid-client configured from
 * discovery only, runs code + PKCE, PAR, DPoP, refresh, revocation, introspection, the device flow, token exchange,
 * dynamic registration and back-channel logout against this server, and checks what the library checks (ID token
 * signatures, nonce, state, issuer) plus its own. Run on PostgreSQL and on H2.
 */
abstract class OpenIdClientContract {

    private static final Path DIR = Path.of("src/test/node");

    @LocalServerPort
    int port;

    @Test
    void openIdClientRunsEveryAdvertisedFlow() throws Exception {
        NodeTools.requireNode("the openid-client tests");
        if (!Files.isDirectory(DIR.resolve("node_modules/openid-client"))) {
            assertThat(run(List.of("npm", "ci", "--no-audit", "--no-fund"))).as("npm ci").startsWith("0\n");
        }

        String output = run(List.of("node", "oidc.mjs", "http://localhost:" + port));

        System.out.println(output);
        assertThat(output).doesNotContain("FAIL").contains("all passed").startsWith("0\n");
    }

    /** The exit code, a line break, then the output. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("timed out: " + command);
        }
        return process.exitValue() + "\n" + new String(output, StandardCharsets.UTF_8);
    }
}
