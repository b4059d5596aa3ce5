package org.roost.graphql;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.roost.support.NodeTools;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The graphql-http audit suite and a graphql-ws client against the live server, in node
 * (src/test/node). Without node the test is skipped locally, with a visible message, and fails in CI.
 */
@LiveGraphQlTest
class GraphQlHttpAuditTest {

    private static final Path DIR = Path.of("src/test/node");

    @Autowired
    MockMvcTester mvc;

    @LocalServerPort
    int port;

    @Test
    void passesEveryMustOfTheGraphQlOverHttpAuditAndServesGraphQlWs() throws Exception {
        // given
        NodeTools.requireNode("the graphql-http audit");
        if (!Files.isDirectory(DIR.resolve("node_modules/graphql-http"))) {
            assertThat(run(List.of("npm", "ci", "--no-audit", "--no-fund")).exitCode()).as("npm ci").isZero();
        }
        ApiClient.Login login = new ApiClient(mvc).newUser("audit");

        // when
        Result audit = run(List.of("node", "audit.mjs", "http://localhost:" + port + "/graphql", login.session().getValue()));

        // then
        System.out.println(audit.output());
        assertThat(audit.output()).contains("MUST failures: 0").contains("graphql-ws: {\"data\":{\"me\"");
        assertThat(audit.exitCode()).isZero();
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true).start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("timed out: " + command);
        }
        return new Result(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
