package org.roost.social.post;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * {@code @username} in a post's text, parsed once at write time and stored with the post as "id:username" pairs
 * (usernames never change), so reading a post needs no join. The name must stand on its own: not preceded by a
 * letter, digit or one of {@code _.-@/} (an email address, a URL path), and not followed by more name characters.
 */
final class Mentions {

    static final int MAX = 20;

    // The same shape as TextRules.USERNAME, bounded by what may not touch it on either side.
    private static final Pattern MENTION = Pattern.compile(
            "(?<![A-Za-z0-9_.@/-])@([A-Za-z0-9][A-Za-z0-9_.-]{1,30}[A-Za-z0-9])(?![A-Za-z0-9_-])");

    private Mentions() {
    }

    /**
     * The distinct usernames written with {@code @}, lower-cased as usernames are (so {@code @Bob} is bob), in order
     * of first appearance, at most {@link #MAX}.
     */
    static List<String> usernames(String... texts) {
        Set<String> found = new LinkedHashSet<>();
        for (String text : texts) {
            Matcher m = MENTION.matcher(text);
            while (m.find() && found.size() < MAX) {
                found.add(m.group(1).toLowerCase(Locale.ROOT)); // usernames are stored lower-case
            }
        }
        return List.copyOf(found);
    }

    static @Nullable String store(List<PostSummary.Mention> mentions) {
        if (mentions.isEmpty()) {
            return null;
        }
        List<String> pairs = new ArrayList<>();
        mentions.forEach(m -> pairs.add(m.id() + ":" + m.username()));
        return String.join(" ", pairs);
    }

    static List<PostSummary.Mention> read(@Nullable String stored) {
        if (stored == null || stored.isEmpty()) {
            return List.of();
        }
        List<PostSummary.Mention> mentions = new ArrayList<>();
        for (String pair : stored.split(" ")) {
            int colon = pair.indexOf(':');
            mentions.add(new PostSummary.Mention(Long.parseLong(pair.substring(0, colon)), pair.substring(colon + 1)));
        }
        return mentions;
    }
}
