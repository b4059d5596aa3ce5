package org.roost.identity.federation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.web.HtmlPages;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * The pages a person sees when a provider's sign-in opens no account ({@code templates/federation/}): plain HTML in
 * the web app's look, no script, one heading saying what happened and the ways on. This class owns their status
 * and headers (a policy that allows the style sheet and nothing else); the frame is {@link HtmlPages}'.
 */
@Component
class Pages {

    private final HtmlPages pages;

    Pages(HtmlPages pages) {
        this.pages = pages;
    }

    void refusal(HttpServletResponse response, Refusal refusal, String providerName) throws IOException {
        write(response, refusal.status(), refusal.title(), "federation/refusal", Map.of("reason", refusal.code(),
                "explanation", refusal.explanation(), "provider", providerName));
    }

    void noSuchProvider(HttpServletResponse response, int status) throws IOException {
        write(response, status, "No such sign-in provider", "federation/no-such-provider", Map.of());
    }

    void tooManyAttempts(HttpServletResponse response, long seconds) throws IOException {
        write(response, 429, "Too many sign-in attempts", "federation/too-many-attempts", Map.of("seconds", seconds));
    }

    private void write(HttpServletResponse response, int status, String title, String page, Map<String, ?> model)
            throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.TEXT_HTML_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Content-Security-Policy",
                "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'");
        response.getWriter().write(pages.render(page, HtmlPages.Header.HOME, title, model));
    }
}
