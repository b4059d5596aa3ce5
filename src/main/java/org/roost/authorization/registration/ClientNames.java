package org.roost.authorization.registration;

import java.text.Normalizer;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.roost.platform.shared.TextRules;

/**
 * Which names a registered client may show on the consent page: 1 to {@value #MAX_LENGTH} characters of a display
 * name's text ({@link TextRules.Use#NAME}: no control, invisible or bidirectional characters), stored in NFC, and
 * nothing that reads as the service's own name: compared as a skeleton (compatibility forms folded, case and
 * everything but letters and digits dropped, look-alike letters and digits mapped to the Latin letter they pass
 * for), so "R00ST", "Rооst" with Cyrillic o's and "Roost Support" are all refused. Unicode's full confusables table
 * (UTS #39) is not in the JDK; this covers the look-alikes of the letters of a short Latin name.
 */
final class ClientNames {

    static final int MAX_LENGTH = 100;

    private static final Map<Integer, Character> LOOK_ALIKES = Map.ofEntries(Map.entry((int) '0', 'o'),
            Map.entry((int) '1', 'l'), Map.entry((int) '3', 'e'), Map.entry((int) '5', 's'), Map.entry((int) '7', 't'),
            Map.entry((int) '4', 'a'), Map.entry((int) '8', 'b'), Map.entry((int) '|', 'l'), Map.entry((int) '$', 's'),
            Map.entry(0x043E, 'o'), Map.entry(0x03BF, 'o'), Map.entry(0x0585, 'o'), Map.entry(0x0440, 'p'),
            Map.entry(0x0455, 's'), Map.entry(0x0442, 't'), Map.entry(0x03C4, 't'), Map.entry(0x0430, 'a'),
            Map.entry(0x0435, 'e'), Map.entry(0x0456, 'i'), Map.entry(0x0131, 'i'), Map.entry(0x0433, 'r'),
            Map.entry(0x0491, 'r'), Map.entry(0x1D26, 'r'), Map.entry(0x0280, 'r'), Map.entry(0x1D0F, 'o'),
            Map.entry(0x01C0, 'l'), Map.entry(0x0399, 'l'), Map.entry(0x03B9, 'i'));

    private ClientNames() {
    }

    /** What is wrong with {@code name} for a registered client, or empty; {@code reserved} are the service's names. */
    static Optional<String> problem(String name, Collection<String> reserved) {
        if (name.isBlank()) {
            return Optional.of("must not be blank");
        }
        String problem = TextRules.problem(TextRules.Use.NAME, name);
        if (problem != null) {
            return Optional.of(problem);
        }
        if (TextRules.normalize(name.strip()).length() > MAX_LENGTH) {
            return Optional.of("must be at most " + MAX_LENGTH + " characters");
        }
        String skeleton = skeleton(name);
        for (String own : reserved) {
            String ownSkeleton = skeleton(own);
            if (!ownSkeleton.isEmpty() && skeleton.contains(ownSkeleton)) {
                return Optional.of("must not read as the name of this service (" + own + ")");
            }
        }
        return Optional.empty();
    }

    /** The name as it reads: see the class comment. */
    static String skeleton(String name) {
        String folded = Normalizer.normalize(name, Normalizer.Form.NFKD).toLowerCase(Locale.ROOT);
        StringBuilder skeleton = new StringBuilder();
        folded.codePoints().forEach(c -> {
            Character latin = LOOK_ALIKES.get(c);
            if (latin != null) {
                skeleton.append(latin.charValue());
            }
            else if (Character.isLetter(c)) {
                skeleton.appendCodePoint(c);
            }
        });
        return skeleton.toString();
    }
}
