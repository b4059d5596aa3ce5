package org.roost.platform.shared;

import org.jspecify.annotations.Nullable;

/**
 * GraphQL's list arguments as a keyset page. GraphQL lists carry no cursor, so {@code after} is
 * the id of the last item already seen; a REST cursor is accepted too.
 */
public final class PageArguments {

    private PageArguments() {
    }

    public static PageRequest of(@Nullable Integer first, @Nullable String after) {
        int size = first == null ? PageRequest.DEFAULT_LIMIT : first;
        if (size < 1 || size > PageRequest.MAX_LIMIT) {
            throw ApiException.invalid("first", "must be between 1 and " + PageRequest.MAX_LIMIT);
        }
        if (after == null || after.isEmpty()) {
            return new PageRequest(size, null);
        }
        if (after.chars().allMatch(Character::isDigit) && after.length() < 19) {
            return new PageRequest(size, Long.parseLong(after));
        }
        try {
            return new PageRequest(size, PageRequest.of(size, after).afterId());
        }
        catch (ApiException invalid) {
            throw ApiException.invalid("after", "must be the id of the last item already seen");
        }
    }
}
