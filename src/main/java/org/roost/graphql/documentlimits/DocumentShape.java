package org.roost.graphql.documentlimits;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.Node;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;

import org.roost.graphql.GraphQlSettings;
import org.jspecify.annotations.Nullable;

/**
 * The size of a parsed document as its fragments expand: fields, nesting depth and aliases, with every
 * fragment analysed once and its figures reused wherever it is spread. This runs before graphql-java's
 * validation, which expands spreads: 30 fragments that each spread the next twice are a kilobyte of text
 * and 2^30 fields, and the validation rules alone took minutes on such a document. Counting with the
 * fragments memoised costs time linear in the document, so a document whose expansion is too large is
 * refused before anything expands it.
 */
final class DocumentShape {

    /** What a selection set expands to; {@code depth} leaves out introspection fields, as the cost does. */
    record Size(long fields, int depth, long aliases) {
        static final Size EMPTY = new Size(0, 0, 0);

        Size plus(Size other) {
            return new Size(add(fields, other.fields), Math.max(depth, other.depth), add(aliases, other.aliases));
        }
    }

    /** Why a document is refused, and where in it. */
    record Refusal(String message, @Nullable Node<?> where) {
    }

    private final Map<String, FragmentDefinition> fragments = new HashMap<>();
    private final Map<String, Size> sizes = new HashMap<>();
    private final Set<String> expanding = new HashSet<>();
    private @Nullable FragmentSpread cycle;

    private DocumentShape(Document document) {
        for (FragmentDefinition fragment : document.getDefinitionsOfType(FragmentDefinition.class)) {
            fragments.putIfAbsent(fragment.getName(), fragment);
        }
    }

    /**
     * Checks every definition of the document against the limits: validation visits them all, used or
     * not, so the fields counted are those of every operation and every fragment, each expanded.
     */
    static Optional<Refusal> check(Document document, GraphQlSettings settings) {
        DocumentShape shape = new DocumentShape(document);
        long fields = 0;
        for (Definition<?> definition : document.getDefinitions()) {
            SelectionSet set = switch (definition) {
                case OperationDefinition operation -> operation.getSelectionSet();
                case FragmentDefinition fragment -> fragment.getSelectionSet();
                default -> null;
            };
            if (set == null) {
                continue;
            }
            Size size = shape.of(set);
            if (shape.cycle != null) {
                return Optional.of(new Refusal("The fragment '" + shape.cycle.getName() + "' spreads itself.", shape.cycle));
            }
            fields = add(fields, size.fields());
            if (fields > settings.maxFields()) {
                return Optional.of(new Refusal("The document expands to more than " + settings.maxFields()
                        + " fields once its fragments are spread.", definition));
            }
            if (definition instanceof OperationDefinition operation) {
                if (size.depth() > settings.maxDepth()) {
                    return Optional.of(new Refusal("The query is nested deeper than " + settings.maxDepth() + " levels.",
                            shape.fieldAt(set, settings.maxDepth() + 1)));
                }
                if (size.aliases() > settings.maxAliases()) {
                    return Optional.of(new Refusal("The document uses more than " + settings.maxAliases() + " aliases.",
                            operation));
                }
            }
        }
        return Optional.empty();
    }

    private Size of(SelectionSet set) {
        Size total = Size.EMPTY;
        for (Selection<?> selection : set.getSelections()) {
            total = total.plus(switch (selection) {
                case Field field -> field(field);
                case InlineFragment inline -> of(inline.getSelectionSet());
                case FragmentSpread spread -> spread(spread);
                default -> Size.EMPTY;
            });
        }
        return total;
    }

    private Size field(Field field) {
        Size children = field.getSelectionSet() == null ? Size.EMPTY : of(field.getSelectionSet());
        int depth = field.getName().startsWith("__") ? 0 : children.depth() + 1;
        return new Size(add(1, children.fields()), depth, add(field.getAlias() == null ? 0 : 1, children.aliases()));
    }

    private Size spread(FragmentSpread spread) {
        Size known = sizes.get(spread.getName());
        if (known != null) {
            return known;
        }
        FragmentDefinition fragment = fragments.get(spread.getName());
        if (fragment == null) {
            return Size.EMPTY; // validation names the unknown fragment
        }
        if (!expanding.add(spread.getName())) {
            cycle = cycle == null ? spread : cycle;
            return Size.EMPTY;
        }
        Size size = of(fragment.getSelectionSet());
        expanding.remove(spread.getName());
        sizes.put(spread.getName(), size);
        return size;
    }

    /** The first field found at {@code level} (1 = the root's fields), by following the recorded depths down. */
    private @Nullable Field fieldAt(SelectionSet set, int level) {
        for (Selection<?> selection : set.getSelections()) {
            switch (selection) {
                case Field field when !field.getName().startsWith("__") && field(field).depth() >= level -> {
                    return level == 1 || field.getSelectionSet() == null ? field : fieldAt(field.getSelectionSet(), level - 1);
                }
                case InlineFragment inline when of(inline.getSelectionSet()).depth() >= level -> {
                    return fieldAt(inline.getSelectionSet(), level);
                }
                case FragmentSpread spread when spread(spread).depth() >= level -> {
                    FragmentDefinition fragment = fragments.get(spread.getName());
                    return fragment == null ? null : fieldAt(fragment.getSelectionSet(), level);
                }
                default -> {
                }
            }
        }
        return null;
    }

    private static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
