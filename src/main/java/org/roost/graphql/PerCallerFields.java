package org.roost.graphql;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import graphql.language.Document;
import graphql.language.Field;
import graphql.language.Node;
import graphql.language.NodeTraverser;
import graphql.language.NodeVisitorStub;
import graphql.language.OperationDefinition;
import graphql.parser.Parser;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;

import org.jspecify.annotations.Nullable;

/**
 * The fields whose value depends on who asks, beyond the scopes that {@link FieldScopes} and the
 * resolvers check: subscribers may share one execution ({@link SharedSubscriptions}) only when their
 * document reads none of them. A new field whose resolver looks at the caller's identity (not only at
 * its scopes) must be listed here; {@code PerCallerFieldsTest} fails on a resolver that takes the
 * caller and is not accounted for.
 */
final class PerCallerFields {

    /** By name, on any type: a same-named field elsewhere only costs sharing, never shares too much. */
    static final Set<String> NAMES = Set.of("me", "feed", "feedPostCreated", "followerAdded", "followedByMe", "likedByMe", "email",
            "emailVerified", "notifications", "unreadNotificationCount", "notificationAdded");

    private PerCallerFields() {
    }

    /** The kind of the operation the request names; empty when the document does not parse or names none. */
    static Optional<OperationDefinition.Operation> operationOf(String document, @Nullable String operationName) {
        try {
            return named(Parser.parse(document), operationName).map(OperationDefinition::getOperation);
        }
        catch (RuntimeException unparsable) { // InvalidSyntaxException, or a parser limit
            return Optional.empty();
        }
    }

    private static Optional<OperationDefinition> named(Document parsed, @Nullable String operationName) {
        List<OperationDefinition> operations = parsed.getDefinitionsOfType(OperationDefinition.class);
        return operationName == null
                ? (operations.size() == 1 ? Optional.of(operations.getFirst()) : Optional.empty())
                : operations.stream().filter(o -> operationName.equals(o.getName())).findFirst();
    }

    /**
     * Whether the document's subscription reads a per-caller field; empty when the document does not
     * parse or the operation it names is not a subscription (the execution will say why).
     */
    static Optional<Boolean> inspect(String document, @Nullable String operationName) {
        Document parsed;
        try {
            parsed = Parser.parse(document);
        }
        catch (RuntimeException unparsable) { // InvalidSyntaxException, or a parser limit
            return Optional.empty();
        }
        Optional<OperationDefinition> operation = named(parsed, operationName);
        if (operation.isEmpty() || operation.get().getOperation() != OperationDefinition.Operation.SUBSCRIPTION) {
            return Optional.empty();
        }
        // Every field of every definition, fragments included: reading more than the operation uses is safe.
        AtomicBoolean perCaller = new AtomicBoolean();
        new NodeTraverser().depthFirst(new NodeVisitorStub() {
            @Override
            public TraversalControl visitField(Field field, TraverserContext<Node> context) {
                if (NAMES.contains(field.getName())) {
                    perCaller.set(true);
                    return TraversalControl.QUIT;
                }
                return TraversalControl.CONTINUE;
            }
        }, parsed.getDefinitions());
        return Optional.of(perCaller.get());
    }
}
