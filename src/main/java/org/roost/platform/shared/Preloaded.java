package org.roost.platform.shared;

import java.util.Optional;

/**
 * One field's value loaded in the same statement as the object it belongs to ({@code user(id) { posts }}: the user
 * and the first page of posts, one round trip instead of two), handed to that field as graphql-java's local context.
 * graphql-java hands a local context down to every field below, so the field takes the value only for this very
 * object (compared by identity) and these very arguments; anywhere else it loads as usual.
 *
 * @param source the object whose field was loaded with it
 * @param key    the field and its arguments, as the field's fetcher names them
 * @param value  what the field answers for {@code source} with {@code key}
 */
public record Preloaded(Object source, Object key, Object value) {

    /** The value, if it was loaded for {@code source} with {@code key}. */
    public Optional<Object> valueFor(Object source, Object key) {
        return this.source == source && this.key.equals(key) ? Optional.of(value) : Optional.empty();
    }
}
