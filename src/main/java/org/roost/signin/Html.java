package org.roost.signin;

import java.util.List;

import org.springframework.web.util.HtmlUtils;

/**
 * A plain, accessible page in the web app's look (its style sheet, no script): one heading, landmarks, a language.
 * Public for the authorization server's other pages (the device flow's), so they all look alike.
 */
public final class Html {

    private Html() {
    }

    /** A page for someone not signed in yet (the sign-in page): "Sign up" in the header and a word on it below. */
    public static String page(String title, String body) {
        return frame(title, "<a href=\"/signup\">Sign up</a>", body
                + "\n<p>No account yet? <a href=\"/signup\">Create one</a>, then come back to this page.</p>");
    }

    /**
     * A page for a signed-in person (consent, a device's code): the header leads back to the app, as its own pages'
     * do, rather than offering to sign up.
     */
    public static String signedInPage(String title, String body) {
        return frame(title, "<a href=\"/\">Home</a>", body);
    }

    /**
     * A page that tells a person why they cannot go on (a broken authorization link): the first paragraph as the
     * alert, the rest after it, a way home in the header. Plain text in, escaped here.
     */
    public static String problemPage(String title, List<String> paragraphs) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < paragraphs.size(); i++) {
            body.append(i == 0 ? "<p class=\"error\" role=\"alert\" id=\"problem\">" : "<p>")
                    .append(escape(paragraphs.get(i))).append("</p>\n");
        }
        return frame(title, "<a href=\"/\">Home</a>", body.toString().strip());
    }

    private static String frame(String title, String nav, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s · Roost</title>
                <link rel="icon" href="/favicon.svg" type="image/svg+xml">
                <link rel="stylesheet" href="/app/app.css">
                </head>
                <body>
                <header class="bar"><a class="brand" href="/">Roost</a>
                <nav aria-label="Main">%s</nav></header>
                <main>
                <h1>%s</h1>
                %s
                </main>
                </body>
                </html>
                """.formatted(escape(title), nav, escape(title), body);
    }

    public static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
