package org.roost.platform.shared;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.jspecify.annotations.Nullable;

/**
 * A keyset page: at most {@code limit} rows after the row with id {@code afterId}. The cursor is
 * opaque to clients (base64url), so its encoding can change without breaking them.
 */
public record PageRequest(int limit, @Nullable Long afterId) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    private static final String PREFIX = "k1:";

    public static PageRequest of(@Nullable Integer limit, @Nullable String after) {
        int size = limit == null ? DEFAULT_LIMIT : limit;
        if (size < 1 || size > MAX_LIMIT) {
            throw ApiException.invalid("limit", "must be between 1 and " + MAX_LIMIT);
        }
        return new PageRequest(size, after == null || after.isEmpty() ? null : decode(after));
    }

    public static String cursor(long id) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((PREFIX + id).getBytes(StandardCharsets.UTF_8));
    }

    private static long decode(String cursor) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (raw.startsWith(PREFIX)) {
                return Long.parseLong(raw.substring(PREFIX.length()));
            }
        }
        catch (IllegalArgumentException ex) {
            // falls through to the one answer for every unreadable cursor
        }
        throw ApiException.invalid("after", "is not a valid cursor");
    }
}
