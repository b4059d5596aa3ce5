package org.roost.webapp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.RequiresServices;
import org.roost.support.TestDatabaseConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The web app in Debian's Chromium, driven by playwright-core from src/test/e2e against this service on a random
 * port. It writes its screenshots to target/screenshots, never into the checkout: the committed images in
 * docs/screenshots are refreshed from there by hand (docs/webapp.md, "Screenshots"). Without node or chromium the
 * test is skipped locally, visibly, and fails in CI.
 */
@ExtendWith(RequiresServices.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles({ "test", "postgres", "redis" })
@Import(TestDatabaseConfig.class)
class WebAppEndToEndTest {

    private static final Path DIR = Path.of("src/test/e2e");

    private static final Path SCREENSHOTS = Path.of("target/screenshots");

    @LocalServerPort
    int port;

    @Test
    void signsUpPostsFollowsSeesLivePostsUploadsAnAvatarAndSignsOutAccessibly() throws Exception {
        // given
        requireInstalled("node", "/usr/bin/chromium");
        if (!Files.isDirectory(DIR.resolve("node_modules/playwright-core"))) {
            assertThat(run(List.of("npm", "ci", "--no-audit", "--no-fund")).exitCode()).as("npm ci").isZero();
        }

        // when
        Result e2e = run(List.of("node", "e2e.mjs", "http://localhost:" + port,
                SCREENSHOTS.toAbsolutePath().toString()));

        // then
        System.out.println(e2e.output());
        assertThat(e2e.output()).contains("all passed").doesNotContain("FAIL");
        assertThat(e2e.exitCode()).isZero();
        assertThat(SCREENSHOTS.resolve("home-desktop.png")).as("screenshots under target/").isRegularFile();
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("timed out: " + command);
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }

    private static void requireInstalled(String node, String chromium) {
        boolean present;
        try {
            present = new ProcessBuilder(node, "--version").start().waitFor() == 0 && Files.isExecutable(Path.of(chromium));
        }
        catch (IOException | InterruptedException ex) {
            present = false;
        }
        if (!present) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI needs node and chromium for the web app's end-to-end test (see .ci/run)");
            }
            System.err.println("SKIPPED: node or chromium is not installed, so the web app's end-to-end test did not run");
            Assumptions.abort("node or chromium is not installed");
        }
    }
}
