package org.roost.platform.shared;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.jspecify.annotations.Nullable;

/** One page of rows and the cursor of the next page, absent on the last one. */
public record Page<T>(List<T> items, @Nullable String nextCursor) {

    /** Builds a page from a query that fetched {@code limit + 1} rows: the extra row proves a next page exists. */
    public static <T> Page<T> fromOverfetch(List<T> rows, int limit, ToLongFunction<T> id) {
        if (rows.size() <= limit) {
            return new Page<>(List.copyOf(rows), null);
        }
        List<T> items = List.copyOf(rows.subList(0, limit));
        return new Page<>(items, PageRequest.cursor(id.applyAsLong(items.getLast())));
    }

    public <R> Page<R> map(Function<T, R> mapper) {
        return new Page<>(items.stream().map(mapper).toList(), nextCursor);
    }
}
