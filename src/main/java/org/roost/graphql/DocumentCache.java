package org.roost.graphql;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import graphql.ErrorType;
import graphql.ExecutionInput;
import graphql.GraphqlErrorBuilder;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parsed and validated documents by query text: clients repeat the same few documents, and
 * parsing plus validation is most of the work of a small query.
 */
final class DocumentCache implements PreparsedDocumentProvider {

    private static final Logger log = LoggerFactory.getLogger(DocumentCache.class);

    private final Cache<String, PreparsedDocumentEntry> documents;

    DocumentCache(int size) {
        this.documents = Caffeine.newBuilder().maximumSize(size).build();
    }

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
            Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        return CompletableFuture.completedFuture(documents.get(input.getQuery(), query -> validated(input, parseAndValidate)));
    }

    /**
     * A document that makes graphql-java's validation itself throw is refused as invalid, not answered with a 500.
     * graphql-java 25's SubscriptionUniqueRootField evaluates {@code @include(if: "yes")} before the argument's type
     * is checked and fails on it (graphql-java PR 4396 reworks the rule); the endpoint fuzz test found it.
     */
    private static PreparsedDocumentEntry validated(ExecutionInput input,
            Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        try {
            return parseAndValidate.apply(input);
        }
        catch (RuntimeException ex) {
            log.debug("Validation failed with {}; the document is refused as invalid", ex.toString());
            return new PreparsedDocumentEntry(GraphqlErrorBuilder.newError().errorType(ErrorType.ValidationError)
                    .message("The document could not be validated.").build());
        }
    }
}
