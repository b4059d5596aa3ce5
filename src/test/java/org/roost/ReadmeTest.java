package org.roost;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roost.social.demo.DemoDataOnDemand;
import org.roost.support.HttpSession;
import org.roost.support.ServerOnH2;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's shell examples work as written: every {@code ```sh} block, in order, in one bash session,
 * against a live instance (its random port in place of {@code localhost:8080}), each command's HTTP status
 * checked ({@code curl --fail-with-body}). Blocks tagged {@code ```bash} need a person (a browser, Ctrl-C)
 * or a build, and are not run.
 *
 * <p>Twice, as a newcomer with a fresh clone follows it: against the service as {@code mvn spring-boot:run}
 * starts it (embedded defaults: H2, sessions in memory, no Redis; an in-memory database of its own here),
 * and against the same with the demo data that {@code --roost.demo-data.enabled=true} makes at start (made here by
 * the same bean, in the same running service, and removed after). The other tests cover PostgreSQL
 * and Redis.
 *
 * <p>Also the README's shape (the two commands first, then prerequisites, links to every document in docs/) and
 * that the documents stand alone: every relative link in README.md and docs/ reaches a file of this repository
 * (and a heading of it, when it names one).
 */
@ServerOnH2
class ReadmeTest {

    private static final Pattern SH_BLOCK = Pattern.compile("(?ms)^```sh\\n(.*?)^```");

    private static final Pattern FENCED = Pattern.compile("(?ms)^```.*?^```");

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");

    @Test
    void startsWithTheTwoCommandsThenPrerequisites() throws IOException {
        // given
        List<String> lines = Files.readAllLines(Path.of("README.md"));

        // then the title, then the two set-up commands before anything else
        assertThat(lines.get(0)).isEqualTo("# Roost");
        assertThat(lines.subList(1, lines.size()).stream().filter(line -> !line.isBlank()).limit(2))
                .containsExactly("    mvn -Dmaven.test.skip spring-boot:run", "    mvn test");
        assertThat(lines).contains("## Prerequisites");
    }

    @Test
    void linksEveryDocument() throws IOException {
        // given
        String readme = Files.readString(Path.of("README.md"));
        List<String> docs;
        try (Stream<Path> files = Files.list(Path.of("docs"))) {
            docs = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".md")).sorted().toList();
        }

        // then
        assertThat(docs).isNotEmpty().allSatisfy(doc -> assertThat(readme).contains("](docs/" + doc + ")"));
    }

    @Test
    void documentsStandAlone() throws IOException {
        // given README.md and every document in docs/
        Path root = Path.of("").toAbsolutePath();
        List<Path> documents = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
            files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
        }

        // then every relative link reaches a file inside the repository, and a heading there when it names one
        List<String> broken = new ArrayList<>();
        for (Path document : documents) {
            String text = Files.readString(document);
            if (text.contains("../shared")) {
                broken.add(root.relativize(document) + ": mentions ../shared, outside the repository");
            }
            Matcher link = LINK.matcher(FENCED.matcher(text).replaceAll(""));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? document : document.getParent().resolve(file).normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    broken.add(root.relativize(document) + ": " + target + " (no such file in the repository)");
                }
                else if (hash >= 0 && resolved.toString().endsWith(".md")
                        && !anchors(Files.readString(resolved)).contains(target.substring(hash + 1))) {
                    broken.add(root.relativize(document) + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    /** GitHub's anchors of a document's headings: lower case, punctuation dropped, spaces as hyphens. */
    private static Set<String> anchors(String markdown) {
        Set<String> anchors = new HashSet<>();
        Matcher heading = HEADING.matcher(FENCED.matcher(markdown).replaceAll(""));
        while (heading.find()) {
            anchors.add(heading.group(1).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-'));
        }
        return anchors;
    }

    /** On the shared service as it is: no demo users (the demo data of WithDemoData is gone after its test). */
    @Nested
    class WithoutDemoData {

        @LocalServerPort
        int port;

        @Test
        void runsEveryShellExampleInOrder(@TempDir Path dir) throws Exception {
            // given no demo user
            assertThat(demoLogin(port).statusCode()).as("alice signs in").isEqualTo(401);

            runReadme(port, dir);
        }
    }

    /**
     * With the demo data, made in the shared service by the bean that {@code --roost.demo-data.enabled=true} turns on
     * and removed after the test (DemoDataOnDemand), rather than in a service of its own.
     */
    @Nested
    class WithDemoData {

        @LocalServerPort
        int port;

        @Autowired
        ApplicationContext context;

        @Autowired
        MockMvcTester mvc;

        @Test
        void runsEveryShellExampleInOrder(@TempDir Path dir) throws Exception {
            try (var demo = DemoDataOnDemand.create(context, mvc)) {
                runReadme(port, dir);

                // and the demo users the README names are there, with the password it gives
                HttpResponse<String> alice = demoLogin(port);
                assertThat(alice.statusCode()).as(alice.body()).isEqualTo(200);
            }
        }
    }

    private static HttpResponse<String> demoLogin(int port) {
        return new HttpSession("http://localhost:" + port).postJson("/auth/token",
                "{\"username\":\"alice\",\"password\":\"correct horse battery\"}");
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
