package org.roost.graphql;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;

/**
 * Parsed and validated documents by query text: clients repeat the same few documents, and
 * parsing plus validation is most of the work of a small query.
 */
final class DocumentCache implements PreparsedDocumentProvider {

    private final Cache<String, PreparsedDocumentEntry> documents;

    DocumentCache(int size) {
        this.documents = Caffeine.newBuilder().maximumSize(size).build();
    }

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
            Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        return CompletableFuture.completedFuture(documents.get(input.getQuery(), query -> parseAndValidate.apply(input)));
    }
}
