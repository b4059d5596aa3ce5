package org.roost.email;

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
 * Mustache compiler): {@code {{value}}} is HTML-escaped in the HTML part and left as written in the text part. A
 * value the template names and nobody gives fails loudly (Mustache's default): it is a bug, not a blank.
 */
@Component
class MailTemplates {

    record Rendered(String subject, String text, String html) {
    }

    private static final String SUBJECT = "Subject: ";

    private final Mustache.Compiler html;
    private final Mustache.Compiler text;
    private final Map<String, Template> compiled = new ConcurrentHashMap<>();

    MailTemplates(Mustache.Compiler compiler) {
        this.html = compiler;
        this.text = compiler.escapeHTML(false);
    }

    Rendered render(String template, Map<String, String> values) {
        String plain = compiled(text, template + ".txt").execute(values);
        String rich = compiled(html, template + ".html").execute(values);
        if (!plain.startsWith(SUBJECT)) {
            throw new IllegalStateException("mail/" + template + ".txt must start with '" + SUBJECT + "'");
        }
        int end = plain.indexOf('\n');
        return new Rendered(plain.substring(SUBJECT.length(), end).strip(), plain.substring(end + 1).stripLeading(), rich);
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
