package org.roost.email;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import org.springframework.util.PropertyPlaceholderHelper;
import org.springframework.web.util.HtmlUtils;

/** Renders {@code classpath:mail/NAME.txt} and {@code NAME.html}; values are HTML-escaped in the HTML part. */
@Component
class MailTemplates {

    record Rendered(String subject, String text, String html) {
    }

    private static final String SUBJECT = "Subject: ";

    /** Unknown placeholders fail loudly: a template that names a value nobody gives is a bug, not a blank. */
    private final PropertyPlaceholderHelper placeholders = new PropertyPlaceholderHelper("{{", "}}", null, null, false);
    private final Map<String, String> sources = new ConcurrentHashMap<>();

    Rendered render(String template, Map<String, String> values) {
        String text = placeholders.replacePlaceholders(source(template + ".txt"), values::get);
        String html = placeholders.replacePlaceholders(source(template + ".html"),
                name -> values.containsKey(name) ? HtmlUtils.htmlEscape(values.get(name)) : null);
        if (!text.startsWith(SUBJECT)) {
            throw new IllegalStateException("mail/" + template + ".txt must start with '" + SUBJECT + "'");
        }
        int end = text.indexOf('\n');
        return new Rendered(text.substring(SUBJECT.length(), end).strip(), text.substring(end + 1).stripLeading(), html);
    }

    private String source(String name) {
        return sources.computeIfAbsent(name, file -> {
            try {
                return new ClassPathResource("mail/" + file).getContentAsString(StandardCharsets.UTF_8);
            }
            catch (IOException missing) {
                throw new UncheckedIOException(missing);
            }
        });
    }
}
