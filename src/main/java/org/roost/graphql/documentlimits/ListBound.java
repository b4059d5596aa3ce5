package org.roost.graphql.documentlimits;

import java.util.Collection;

import graphql.language.ArrayValue;
import graphql.language.IntValue;
import graphql.schema.GraphQLAppliedDirective;
import graphql.schema.GraphQLAppliedDirectiveArgument;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;

import org.jspecify.annotations.Nullable;

/**
 * A list field's {@code @bound(max, by)} (graphql/bounds.graphqls): the most items it answers, declared beside the
 * field so that the cost counts what is served. Before it, every list without {@code first} counted as 20 items, and
 * {@code postsById(100 ids) { ancestors { … } }} (up to 100 × 100 posts, 100.9 MB) was costed 1,221 points.
 *
 * @param max the most items the field ever answers (its fetcher refuses or stops beyond it)
 * @param by  the argument that sizes it ({@code first}: an Int; {@code ids}: a list, its length), or none
 */
record ListBound(int max, @Nullable String by) {

    static final String DIRECTIVE = "bound";

    static @Nullable ListBound of(GraphQLFieldDefinition definition) {
        GraphQLAppliedDirective directive = definition.getAppliedDirective(DIRECTIVE);
        if (directive == null) {
            return null;
        }
        Integer max = directive.getArgument("max").getValue();
        GraphQLAppliedDirectiveArgument by = directive.getArgument("by");
        return new ListBound(max == null ? 0 : max, by == null ? null : by.getValue());
    }

    /** Without the sizing argument: its default, when it has one (a page of 20), else the maximum. */
    long unasked(GraphQLFieldDefinition definition) {
        GraphQLArgument argument = by == null ? null : definition.getArgument(by);
        if (argument != null && argument.hasSetDefaultValue()) {
            Long size = size(argument.getArgumentDefaultValue().getValue());
            if (size != null) {
                return Math.max(1, size);
            }
        }
        return max;
    }

    /**
     * The size an argument's value asks for: an Int as given (a page larger than the bound is refused by the fetcher,
     * and the cost stays what the client asked for), a list by its length; null for anything else (absent, null).
     */
    static @Nullable Long size(@Nullable Object value) {
        return switch (value) {
            case IntValue literal -> literal.getValue().longValue();
            case Number number -> number.longValue();
            case ArrayValue list -> (long) list.getValues().size();
            case Collection<?> list -> (long) list.size();
            case null, default -> null;
        };
    }
}
