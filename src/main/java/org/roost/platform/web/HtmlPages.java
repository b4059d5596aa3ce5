package org.roost.platform.web;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import org.springframework.stereotype.Component;

/**
 * The server's HTML pages (sign-in, consent, device, provider sign-in, authorization errors) from Mustache templates
 * under {@code classpath:templates/}, each a fragment set in the one frame {@code layout.mustache}: a language,
 * the web app's style sheet (no inline style or script, so a strict Content-Security-Policy holds), a header and
 * one heading. Values are HTML-escaped by the template engine ({@code {{value}}}); the only unescaped insertion
 * is the rendered fragment into the frame. Status, headers and policy stay with each page's owner.
 */
@Component
public class HtmlPages {

    /** What the header offers: a person not signed in yet is offered an account, anyone else a way home. */
    public enum Header {
        SIGN_UP, HOME
    }

    private final Mustache.Compiler compiler;
    private final Map<String, Template> templates = new ConcurrentHashMap<>();

    HtmlPages(Mustache.Compiler compiler) {
        this.compiler = compiler;
    }

    /**
     * @param page  a template's name under {@code templates/} without {@code .mustache}
     * @param title plain text: the page's title and its heading
     * @param model the fragment's values, plain text (escaped by the template)
     */
    public String render(String page, Header header, String title, Map<String, ?> model) {
        Map<String, Object> frame = new HashMap<>();
        frame.put("title", title);
        frame.put("signUp", header == Header.SIGN_UP);
        frame.put("body", template(page).execute(model).strip());
        return template("layout").execute(frame);
    }

    /** A page of paragraphs, plain text: the first one is the alert, the rest follow it. */
    public String problem(String title, List<String> paragraphs) {
        return render("problem", Header.HOME, title, Map.of("first", paragraphs.subList(0, Math.min(1, paragraphs.size())),
                "rest", paragraphs.subList(Math.min(1, paragraphs.size()), paragraphs.size())));
    }

    /** An optional value as a Mustache section: {@code {{#name}}…{{.}}…{{/name}}} shows it only when present. */
    public static List<String> optional(@org.jspecify.annotations.Nullable String value) {
        return value == null ? List.of() : List.of(value);
    }

    private Template template(String name) {
        return templates.computeIfAbsent(name, compiler::loadTemplate);
    }
}
