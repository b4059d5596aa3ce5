package org.roost.federation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.web.util.HtmlUtils;

/**
 * The pages a person sees when a provider's sign-in opens no account: plain HTML in the web app's look, no script,
 * one heading saying what happened and the ways on.
 */
final class Pages {

    private Pages() {
    }

    static void refusal(HttpServletResponse response, Refusal refusal, String providerName) throws IOException {
        String body = "<p role=\"alert\" class=\"error\" id=\"federation-error\" data-reason=\"" + refusal.code() + "\">"
                + escape(refusal.explanation()) + "</p>\n<p>Provider: " + escape(providerName) + ".</p>\n"
                + "<ul>\n<li><a href=\"/login\">Sign in with your username and password</a></li>\n"
                + "<li><a href=\"/settings\">Settings</a> (to link a provider once signed in)</li>\n"
                + "<li><a href=\"/\">Roost home</a></li>\n</ul>";
        write(response, refusal.status(), refusal.title(), body);
    }

    static void write(HttpServletResponse response, int status, String title, String body) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.TEXT_HTML_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Content-Security-Policy",
                "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'");
        response.getWriter().write("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s · Roost</title>
                <link rel="stylesheet" href="/app/app.css">
                </head>
                <body>
                <header class="bar"><a class="brand" href="/">Roost</a></header>
                <main>
                <h1>%s</h1>
                %s
                </main>
                </body>
                </html>
                """.formatted(escape(title), escape(title), body));
    }

    static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
