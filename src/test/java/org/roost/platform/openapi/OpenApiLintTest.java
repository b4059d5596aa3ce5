package org.roost.platform.openapi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.roost.support.NodeTools;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The served OpenAPI document passes {@code @redocly/cli lint} with its recommended rules, without errors
 * (src/test/node/openapi, installed with {@code npm ci} from the committed lock file). Without node the test
 * is skipped locally, with a visible message, and fails in CI.
 */
@IntegrationTest
class OpenApiLintTest {

    private static final Path DIR = Path.of("src/test/node/openapi");

    @Autowired
    MockMvcTester mvc;

    @Test
    void passesRedoclyRecommendedRulesWithoutErrors() throws Exception {
        // given the document as served
        NodeTools.requireNode("the OpenAPI lint");
        Path document = Path.of("target/openapi.json").toAbsolutePath();
        Files.createDirectories(document.getParent());
        Files.writeString(document, mvc.get().uri("/v3/api-docs").exchange().getResponse()
                .getContentAsString(StandardCharsets.UTF_8));
        if (!Files.isDirectory(DIR.resolve("node_modules/@redocly/cli"))) {
            assertThat(run(List.of("npm", "ci", "--no-audit", "--no-fund")).exitCode).as("npm ci").isZero();
        }

        // when
        Result lint = run(List.of("node_modules/.bin/redocly", "lint", "--extends=recommended", "--format=stylish",
                document.toString()));

        // then
        assertThat(lint.exitCode).as(lint.output).isZero();
        assertThat(lint.output).doesNotContainIgnoringCase(" error ");
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("finished in time").isTrue();
        return new Result(process.exitValue(), output);
    }
}
