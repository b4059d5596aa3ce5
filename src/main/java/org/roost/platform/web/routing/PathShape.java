package org.roost.platform.web.routing;

import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a mapping's path pattern says about the paths it can match, read from the pattern's text: its literal
 * segments, and whether its length is fixed. It only ever rules a path out where Spring's {@code PathPattern} could
 * not match it either; anything it cannot judge (a wildcard, a regular expression, {@code **}, an unusual path) it
 * leaves to Spring.
 *
 * <p>Paths are judged only in their plain form ({@link #segments}): non-empty segments with no percent-encoding, no
 * matrix parameters and no trailing slash, which {@code PathPattern} compares to the pattern's literals as they are.
 */
record PathShape(List<Pattern> patterns) {

    /** A shape that rules nothing out. */
    static final PathShape ANY = new PathShape(List.of(Pattern.ANY));

    /**
     * One pattern: {@code elements[i]} is the literal text of segment {@code i}, or {@code null} for one captured
     * segment ({@code {id}}); {@code fixed} when every element is one of these, so the pattern matches only paths
     * with exactly as many segments; otherwise {@code elements} is the part before the first element it cannot judge.
     */
    record Pattern(@Nullable String[] elements, boolean fixed) {

        static final Pattern ANY = new Pattern(new String[0], false);

        static Pattern of(String text) {
            if (!text.startsWith("/") || text.length() == 1 || text.endsWith("/") || text.contains("//")) {
                return ANY;
            }
            String[] parts = text.substring(1).split("/");
            @Nullable String[] elements = new String[parts.length];
            for (int i = 0; i < parts.length; i++) {
                String part = parts[i];
                if (isCapture(part)) {
                    elements[i] = null;
                } else if (isLiteral(part)) {
                    elements[i] = part;
                } else {
                    return new Pattern(Arrays.copyOf(elements, i), false);
                }
            }
            return new Pattern(elements, true);
        }

        boolean admits(String[] segments) {
            if (fixed && segments.length != elements.length) {
                return false;
            }
            for (int i = 0; i < elements.length && i < segments.length; i++) {
                String literal = elements[i];
                if (literal != null && !literal.equals(segments[i])) {
                    return false;
                }
            }
            return true;
        }

        /** {@code {name}} or {@code {name:regex}} without nested braces: exactly one segment. */
        private static boolean isCapture(String part) {
            return part.length() > 2 && part.charAt(0) == '{' && part.charAt(part.length() - 1) == '}'
                    && part.charAt(1) != '*' && part.indexOf('{', 1) < 0 && part.indexOf('}') == part.length() - 1;
        }

        private static boolean isLiteral(String part) {
            for (int i = 0; i < part.length(); i++) {
                switch (part.charAt(i)) {
                    case '{', '}', '*', '?', '%', ';', '\\' -> {
                        return false;
                    }
                    default -> {
                    }
                }
            }
            return !part.isEmpty();
        }
    }

    static PathShape of(List<String> patternTexts) {
        if (patternTexts.isEmpty()) {
            return ANY;
        }
        return new PathShape(patternTexts.stream().map(Pattern::of).toList());
    }

    boolean admits(String[] segments) {
        for (Pattern pattern : patterns) {
            if (pattern.admits(segments)) {
                return true;
            }
        }
        return false;
    }

    /** The segments of a plain path, or {@code null} for any other path, which is then left to Spring whole. */
    static String @Nullable [] segments(String path) {
        if (path.length() < 2 || path.charAt(0) != '/' || path.charAt(path.length() - 1) == '/'
                || path.indexOf("//") >= 0 || path.indexOf('%') >= 0 || path.indexOf(';') >= 0) {
            return null;
        }
        return path.substring(1).split("/");
    }
}
