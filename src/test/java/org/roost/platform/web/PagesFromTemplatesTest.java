package org.roost.platform.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Server pages come from templates in one frame, escaped by default: no main Java source writes an HTML document
 * (the pages once were Java strings in two frames that had drifted apart, escaped by hand at each value), and a
 * value that carries markup reaches the page as text.
 */
class PagesFromTemplatesTest {

    static HtmlPages pages() {
        return new HtmlPages(HtmlPagesForTests.compiler());
    }

    @Test
    void noMainJavaSourceWritesAnHtmlDocument() throws IOException {
        Path sources = Path.of("src/main/java");
        List<String> documents;
        try (Stream<Path> files = Files.walk(sources)) {
            documents = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> {
                        String source = read(file).toLowerCase(Locale.ROOT);
                        return source.contains("<!doctype") || source.contains("<html") || source.contains("<body");
                    })
                    .map(Path::toString).toList();
        }
        assertThat(documents).isEmpty();
    }

    @Test
    void aValueWithMarkupIsEscapedInThePageAndItsTitle() {
        String page = pages().render("deviceflow/enter-code", HtmlPages.Header.HOME, "<script>alert(1)</script>",
                Map.of("invalid", false, "action", "/oauth2/device_verification", "csrfParameter", "_csrf",
                        "csrfToken", "t\"oken", "userCode", "\"><script>alert(2)</script>"));

        assertThat(page).doesNotContain("<script>")
                .contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; · Roost</title>")
                .contains("value=\"&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;\"")
                .contains("value=\"t&quot;oken\"");
    }

    @Test
    void everyPageSharesTheOneFrame() {
        HtmlPages pages = pages();
        for (String page : List.of(pages.render("signin/signed-in", HtmlPages.Header.SIGN_UP, "Signed in", Map.of()),
                pages.render("federation/no-such-provider", HtmlPages.Header.HOME, "No such sign-in provider", Map.of()),
                pages.problem("Unrecognised return address", List.of("First <b>.", "Second.")))) {
            assertThat(page).startsWith("<!DOCTYPE html>\n<html lang=\"en\">")
                    .contains("<link rel=\"stylesheet\" href=\"/app/app.css\">", "<header class=\"bar\">", "<main>")
                    .doesNotContain("style=", "<script");
        }
        assertThat(pages.problem("Unrecognised return address", List.of("First <b>.", "Second.")))
                .contains("<p class=\"error\" role=\"alert\" id=\"problem\">First &lt;b&gt;.</p>\n<p>Second.</p>");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
