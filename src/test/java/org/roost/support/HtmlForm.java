package org.roost.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.web.util.HtmlUtils;

/** The forms of an HTML page, read the way a browser submits them: hidden, text and checked fields. */
public record HtmlForm(String action, List<Map.Entry<String, String>> fields) {

    private static final Pattern FORM = Pattern.compile("<form\\b([^>]*)>(.*?)</form>", Pattern.DOTALL);
    private static final Pattern INPUT = Pattern.compile("<input\\b([^>]*)>", Pattern.DOTALL);
    private static final Pattern ATTRIBUTE = Pattern.compile("([a-zA-Z_:-]+)(?:=\"([^\"]*)\")?");

    public static List<HtmlForm> all(String html) {
        List<HtmlForm> forms = new ArrayList<>();
        Matcher form = FORM.matcher(html);
        while (form.find()) {
            String action = attribute(form.group(1), "action");
            List<Map.Entry<String, String>> fields = new ArrayList<>();
            Matcher input = INPUT.matcher(form.group(2));
            while (input.find()) {
                String attributes = input.group(1);
                String name = attribute(attributes, "name");
                String type = attribute(attributes, "type");
                boolean checkable = "checkbox".equals(type) || "radio".equals(type);
                if (name != null && (!checkable || hasAttribute(attributes, "checked"))) {
                    String value = attribute(attributes, "value");
                    fields.add(Map.entry(name, value == null ? "" : value));
                }
            }
            forms.add(new HtmlForm(action == null ? "" : action, fields));
        }
        return forms;
    }

    /** This form with a text field set, as a user would type it. */
    public HtmlForm with(String name, String value) {
        List<Map.Entry<String, String>> changed = new ArrayList<>(fields.stream().filter(f -> !f.getKey().equals(name)).toList());
        changed.add(Map.entry(name, value));
        return new HtmlForm(action, changed);
    }

    private static String attribute(String attributes, String name) {
        Matcher matcher = ATTRIBUTE.matcher(attributes);
        while (matcher.find()) {
            if (matcher.group(1).equalsIgnoreCase(name)) {
                return matcher.group(2) == null ? "" : HtmlUtils.htmlUnescape(matcher.group(2));
            }
        }
        return null;
    }

    private static boolean hasAttribute(String attributes, String name) {
        return attribute(attributes, name) != null;
    }
}
