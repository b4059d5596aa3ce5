package org.roost.authserver;

import org.springframework.web.util.HtmlUtils;

/** A plain, accessible page: no external style sheet or script, one heading, a landmark, a language. */
final class Html {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111}
            label{display:block;margin-top:1rem;font-weight:600}
            input[type=text],input[type=password]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
            button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}
            .error{color:#a00000;border:1px solid #a00000;padding:.5rem}
            fieldset{margin-top:1rem}fieldset label{display:inline;font-weight:400}
            :focus{outline:3px solid #1a5fb4;outline-offset:2px}""";

    private Html() {
    }

    static String page(String title, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s · Roost</title>
                <style>%s</style>
                </head>
                <body>
                <main>
                <h1>%s</h1>
                %s
                </main>
                </body>
                </html>
                """.formatted(escape(title), STYLE, escape(title), body);
    }

    static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }
}
