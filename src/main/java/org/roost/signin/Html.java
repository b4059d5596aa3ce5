package org.roost.signin;

import org.springframework.web.util.HtmlUtils;

/**
 * A plain, accessible page in the web app's look (its style sheet, no script): one heading, landmarks, a language.
 * Public for the authorization server's other pages (the device flow's), so they all look alike.
 */
public final class Html {

    private Html() {
    }

    public static String page(String title, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s · Roost</title>
                <link rel="stylesheet" href="/app/app.css">
                </head>
                <body>
                <header class="bar"><a class="brand" href="/">Roost</a>
                <nav aria-label="Main"><a href="/signup">Sign up</a></nav></header>
                <main>
                <h1>%s</h1>
                %s
                <p>No account yet? <a href="/signup">Create one</a>, then come back to this page.</p>
                </main>
                </body>
                </html>
                """.formatted(escape(title), escape(title), body);
    }

    public static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
