package org.roost;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roost.support.HttpSession;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's shell examples work as written: every {@code ```sh} block, in order, in one bash session,
 * against a live instance (its random port in place of {@code localhost:8080}), each command's HTTP status
 * checked ({@code curl --fail-with-body}). Blocks tagged {@code ```bash} need a person (a browser, Ctrl-C)
 * or a build, and are not run.
 *
 * <p>Twice, as a newcomer with a fresh clone follows it: against the service as {@code mvn spring-boot:run}
 * starts it (embedded defaults: H2, sessions in memory, no Redis; an in-memory database of its own here),
 * and against the same started with {@code --roost.demo-data.enabled=true}. The other tests cover PostgreSQL
 * and Redis.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "roost.redis.enabled=false")
@ActiveProfiles({ "test", "h2" })
class ReadmeTest {

    private static final Pattern SH_BLOCK = Pattern.compile("(?ms)^```sh\\n(.*?)^```");

    @Nested
    class WithoutDemoData {

        @LocalServerPort
        int port;

        @Test
        void runsEveryShellExampleInOrder(@TempDir Path dir) throws Exception {
            runReadme(port, dir);
        }
    }

    @Nested
    @TestPropertySource(properties = "roost.demo-data.enabled=true")
    class WithDemoData {

        @LocalServerPort
        int port;

        @Test
        void runsEveryShellExampleInOrder(@TempDir Path dir) throws Exception {
            runReadme(port, dir);

            // and the demo users the README names are there, with the password it gives
            HttpResponse<String> alice = new HttpSession("http://localhost:" + port).postJson("/auth/token",
                    "{\"username\":\"alice\",\"password\":\"correct horse battery\"}");
            assertThat(alice.statusCode()).as(alice.body()).isEqualTo(200);
        }
    }

    private static void runReadme(int port, Path dir) throws Exception {
        // given the README's sh blocks
        List<String> blocks = new ArrayList<>();
        Matcher matcher = SH_BLOCK.matcher(Files.readString(Path.of("README.md")));
        while (matcher.find()) {
            blocks.add(matcher.group(1).replace("localhost:8080", "localhost:" + port));
        }
        assertThat(blocks).as("sh blocks in README.md").hasSizeGreaterThanOrEqualTo(4);
        StringBuilder script = new StringBuilder("""
                set -e
                curl() { command curl --fail-with-body --max-time 30 "$@"; }
                """);
        for (int i = 0; i < blocks.size(); i++) {
            script.append("echo '>>> block ").append(i + 1).append("'\n").append(blocks.get(i))
                    .append("\necho\necho '<<< block ").append(i + 1).append(" ok'\n");
        }
        Files.writeString(dir.resolve("readme.sh"), script);

        // when
        Process bash = new ProcessBuilder("bash", "readme.sh").directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor(3, TimeUnit.MINUTES)).as("finished in time").isTrue();

        // then
        assertThat(bash.exitValue()).as(output).isZero();
        for (int i = 1; i <= blocks.size(); i++) {
            assertThat(output).as(output).contains("<<< block " + i + " ok");
        }
        assertThat(output).doesNotContain("\"error\"");
    }
}
