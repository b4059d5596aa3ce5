package org.roost.platform.shared;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * The items of one GraphQL list, handed to each item's fields as graphql-java's local context, so that a field of
 * one item can load its values for every item of the list at once, in one statement, and answer the others from
 * what it loaded. A DataLoader does the same through a queue, futures and a dispatch per level; profiles of a page
 * of users with their posts put most of the response's work there (docs/performance.md). One instance lives for one
 * list of one operation.
 */
public final class Siblings<T> {

    private final List<T> items;
    private final Set<Object> members = Collections.newSetFromMap(new IdentityHashMap<>());
    private final ConcurrentHashMap<Object, Outcome> loaded = new ConcurrentHashMap<>();

    public Siblings(List<T> items) {
        this.items = List.copyOf(items);
        members.addAll(this.items);
    }

    public List<T> items() {
        return items;
    }

    /**
     * Whether {@code item} is one of these very items. graphql-java hands a local context down to every field below
     * the list, so a list further down that sets none of its own (a user's followers) sees this one too.
     */
    public boolean holds(Object item) {
        return members.contains(item);
    }

    /**
     * What {@code load} gives for {@code key} (a field and its arguments), loaded once for all the items. A failure is
     * kept too and thrown to every item, as a DataLoader's batch fails for every key: with the database away, one
     * item waits for a connection, not each in turn.
     */
    @SuppressWarnings("unchecked")
    public <K, V> V loadOnce(K key, Function<? super K, ? extends V> load) {
        Outcome outcome = loaded.computeIfAbsent(key, k -> {
            try {
                return new Outcome(load.apply((K) k), null);
            }
            catch (RuntimeException failed) {
                return new Outcome(null, failed);
            }
        });
        if (outcome.failure() != null) {
            throw outcome.failure();
        }
        return (V) outcome.value();
    }

    private record Outcome(@Nullable Object value, @Nullable RuntimeException failure) {
    }
}
