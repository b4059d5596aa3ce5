package org.roost.platform.shared;

import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.Deque;

import org.jspecify.annotations.Nullable;

/**
 * What text a user may store, so that one piece of text cannot pass for another (docs/api.md, "Input
 * validation"). REST and GraphQL apply it through {@link CleanText}; the operators' text check
 * (ops.TextCheckEndpoint) applies it to rows stored before it existed.
 */
public final class TextRules {

    /**
     * 3 to 32 characters, starting and ending with a letter or digit: {@code ...} or {@code -x} could be taken
     * for punctuation around another name.
     */
    public static final String USERNAME = "[A-Za-z0-9][A-Za-z0-9_.-]{1,30}[A-Za-z0-9]";

    public static final String USERNAME_MESSAGE =
            "must be 3 to 32 letters, digits, '.', '_' or '-', starting and ending with a letter or digit";

    /** Where the text is shown, which decides what it may hold. */
    public enum Use {
        /** A display name: one short run of visible characters, shown beside other people's. */
        NAME,
        /** A post title: a language's marks (ZWJ, RLM) allowed, explicit overrides not. */
        TITLE,
        /** A post body: anything a language needs, bidirectional formatting closed before the end. */
        BODY
    }

    private TextRules() {
    }

    /** The form stored: NFC, so that text that looks the same is the same. */
    public static String normalize(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFC);
    }

    /**
     * The form stored, refused if it outgrows the column: a few characters (U+0958, for one) have no composed form
     * and become two in NFC, so text within its limit as sent may not be once normalised.
     */
    public static String normalize(String text, String field, int maxLength) {
        String normalized = normalize(text);
        if (normalized.length() > maxLength) {
            throw ApiException.invalid(field, "must be at most " + maxLength + " characters in Unicode normalisation "
                    + "form C (NFC), the form it is stored in");
        }
        return normalized;
    }

    public static boolean isUsername(String username) {
        return username.matches(USERNAME);
    }

    /** What is wrong with the text for this use, or {@code null} if nothing is (before normalisation). */
    public static @Nullable String problem(Use use, String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (Character.getType(c) == Character.SURROGATE) {
                return "must be Unicode text without unpaired surrogates (U+D800 to U+DFFF)";
            }
            if (c == 0) {
                return "must not contain the NUL character";
            }
            String refused = switch (use) {
                case NAME -> isBidiControl(c) ? "must not contain bidirectional control characters"
                        : isInvisible(c) ? "must not contain invisible or control characters" : null;
                case TITLE -> isOverride(c) ? "must not contain bidirectional embeddings or overrides (U+202A to U+202E)"
                        : null;
                case BODY -> null;
            };
            if (refused != null) {
                return refused + " (found " + codePoint(c) + ")";
            }
        }
        if (use != Use.NAME && !balanced(text)) {
            return "must close every bidirectional embedding, override or isolate it opens (U+202A to U+202E, "
                    + "U+2066 to U+2069)";
        }
        return null;
    }

    /**
     * The characters this use allows, as a JSON Schema (ECMA 262) character class for the OpenAPI document:
     * everything but what {@link #problem} refuses character by character within the Basic Multilingual Plane
     * (surrogates stay allowed, so that characters beyond it pass as their pairs). What no class can say (balanced
     * formatting, invisible characters beyond the BMP) the document lists as checked beyond its schema.
     */
    public static String allowedCharacters(Use use) {
        StringBuilder refused = new StringBuilder();
        int start = -1;
        for (int c = 0; c <= 0x10000; c++) {
            boolean out = c < 0x10000 && Character.getType(c) != Character.SURROGATE && refuses(use, c);
            if (out && start < 0) {
                start = c;
            }
            else if (!out && start >= 0) {
                refused.append(String.format("\\u%04X", start));
                if (c - 1 > start) {
                    refused.append(String.format("-\\u%04X", c - 1));
                }
                start = -1;
            }
        }
        return "[^" + refused + "]";
    }

    private static boolean refuses(Use use, int c) {
        return c == 0 || switch (use) {
            case NAME -> isBidiControl(c) || isInvisible(c);
            case TITLE -> isOverride(c);
            case BODY -> false;
        };
    }

    /** The problem of stored text, which a write would also have normalised. */
    public static @Nullable String storedProblem(Use use, String text) {
        String problem = problem(use, text);
        if (problem == null && !Normalizer.isNormalized(text, Normalizer.Form.NFC)) {
            return "is not in Unicode normalisation form C (NFC)";
        }
        return problem;
    }

    /** Embeddings, overrides, isolates and the invisible marks that steer direction (LRM, RLM, ALM). */
    private static boolean isBidiControl(int c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F
                || c == 0x061C;
    }

    private static boolean isOverride(int c) {
        return c >= 0x202A && c <= 0x202E;
    }

    /**
     * Format characters (zero-width space and joiners, word joiner, byte order mark, soft hyphen...), controls,
     * line and paragraph separators, and the letters that render as nothing (Hangul fillers, the combining
     * grapheme joiner, Khmer's inherent vowels).
     */
    private static boolean isInvisible(int c) {
        return switch (Character.getType(c)) {
            case Character.FORMAT, Character.CONTROL, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> true;
            default -> c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 || c == 0x3164
                    || c == 0xFFA0;
        };
    }

    /**
     * Whether every embedding or override (closed by PDF, U+202C) and every isolate (closed by PDI, U+2069) is
     * closed by the end, as the Unicode Bidirectional Algorithm pairs them: a PDI closes the innermost open isolate
     * and whatever was opened inside it, a PDF only an embedding opened inside the innermost isolate. A closer
     * without an opener does nothing, so it is allowed; an opener left open would spill onto whatever is shown
     * after the text.
     */
    private static boolean balanced(String text) {
        Deque<Character> open = new ArrayDeque<>();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c >= 0x202A && c <= 0x202E && c != 0x202C) || (c >= 0x2066 && c <= 0x2068)) {
                open.push(c >= 0x2066 ? 'I' : 'E');
            }
            else if (c == 0x202C && !open.isEmpty() && open.peek() == 'E') {
                open.pop();
            }
            else if (c == 0x2069 && open.contains('I')) {
                while (open.pop() != 'I') {
                    // closes the embeddings opened inside the isolate too
                }
            }
        }
        return open.isEmpty();
    }

    private static String codePoint(int c) {
        return String.format("U+%04X", c);
    }
}
