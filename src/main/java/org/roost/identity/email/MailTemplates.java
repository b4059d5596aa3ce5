package org.roost.identity.email;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * Renders {@code classpath:mail/NAME.txt} and {@code NAME.html} with the server pages' template engine (Boot's
 * Mustache compiler): {@code {{value}}} is HTML-escaped in the HTML part and left as written in the text part. The
 * HTML part is a fragment set in the one mail frame, {@code mail/layout.html}. A value the template names and nobody
 * gives fails loudly (Mustache's default): it is a bug, not a blank.
 */
@Component
class MailTemplates {

    record Rendered(String subject, String text, String html) {
    }

    private static final String SUBJECT = "Subject: ";
    /** Every mail's HTML frame (its subject as title, the house style inline, as mail readers load no style sheet). */
    private static final String LAYOUT = "layout.html";

    private final Mustache.Compiler html;
    private final Mustache.Compiler text;
    private final Map<String, Template> compiled = new ConcurrentHashMap<>();

    MailTemplates(Mustache.Compiler compiler) {
        this.html = compiler;
        this.text = compiler.escapeHTML(false);
    }

    Rendered render(String template, Map<String, String> values) {
        String plain = compiled(text, template + ".txt").execute(values);
        if (!plain.startsWith(SUBJECT)) {
            throw new IllegalStateException("mail/" + template + ".txt must start with '" + SUBJECT + "'");
        }
        int end = plain.indexOf('\n');
        String subject = plain.substring(SUBJECT.length(), end).strip();
        String body = compiled(html, template + ".html").execute(values).strip();
        String rich = compiled(html, LAYOUT).execute(Map.of("subject", subject, "body", body));
        return new Rendered(subject, plain.substring(end + 1).stripLeading(), rich);
    }

    private Template compiled(Mustache.Compiler compiler, String file) {
        return compiled.computeIfAbsent(file, name -> {
            try {
                return compiler.compile(new ClassPathResource("mail/" + name).getContentAsString(StandardCharsets.UTF_8));
            }
            catch (IOException missing) {
                throw new UncheckedIOException(missing);
            }
        });
    }
}
