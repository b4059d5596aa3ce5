package org.roost.graphql.documentlimits;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import graphql.ErrorType;
import graphql.ExecutionInput;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.language.Document;
import graphql.parser.Parser;
import graphql.parser.ParserEnvironment;
import graphql.parser.ParserOptions;

import org.roost.graphql.ContextKeys;
import org.roost.graphql.GraphQlErrors;
import org.roost.graphql.GraphQlSettings;
import org.roost.platform.ratelimits.RateLimitCharge;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parsed and validated documents by query text: clients repeat the same few documents, and
 * parsing plus validation is most of the work of a small query. Before validation, which expands
 * fragments, the document's expanded size is checked ({@link DocumentShape}); a document refused for
 * its size is kept too, so a repeat is refused from the cache, and every refusal is charged to the
 * caller's rate limit as an operation of the largest allowed cost.
 */
final class DocumentCache implements PreparsedDocumentProvider {

    private static final Logger log = LoggerFactory.getLogger(DocumentCache.class);

    private final Cache<String, PreparsedDocumentEntry> documents;
    private final GraphQlSettings settings;

    DocumentCache(GraphQlSettings settings) {
        this.settings = settings;
        this.documents = Caffeine.newBuilder().maximumSize(settings.documentCacheSize()).build();
    }

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
            Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        PreparsedDocumentEntry entry = documents.get(input.getQuery(), query -> checked(input, parseAndValidate));
        if (entry.hasErrors() && entry.getErrors().stream().anyMatch(DocumentCache::tooLarge)) {
            return CompletableFuture.completedFuture(charged(input, entry));
        }
        return CompletableFuture.completedFuture(entry);
    }

    private PreparsedDocumentEntry checked(ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        Optional<DocumentShape.Refusal> refusal = parsed(input.getQuery()).flatMap(document -> DocumentShape.check(document, settings));
        if (refusal.isPresent()) {
            var error = GraphQlErrors.builder(ErrorCode.QUERY_TOO_COMPLEX, refusal.get().message(), List.of());
            if (refusal.get().where() != null) {
                error.location(refusal.get().where().getSourceLocation());
            }
            return new PreparsedDocumentEntry(error.build());
        }
        return validated(input, parseAndValidate);
    }

    /** Parsed with the operation parser's limits; a document that fails to parse is left to graphql-java to report. */
    private static Optional<Document> parsed(String query) {
        try {
            return Optional.of(Parser.parse(ParserEnvironment.newParserEnvironment().document(query)
                    .parserOptions(ParserOptions.getDefaultOperationParserOptions()).build()));
        }
        catch (RuntimeException unparsable) {
            return Optional.empty();
        }
    }

    /** The caller pays for the refused document as for the costliest allowed one: refusals are not a free way to load the server. */
    private PreparsedDocumentEntry charged(ExecutionInput input, PreparsedDocumentEntry entry) {
        RateLimitCharge charge = input.getGraphQLContext().get(ContextKeys.RATE_LIMIT);
        if (charge == null) {
            return entry;
        }
        try {
            charge.graphQlOperation(settings.maxCost(), 0);
            return entry;
        }
        catch (ApiException refused) {
            return new PreparsedDocumentEntry(GraphQlErrors.builder(refused.code(),
                    "Too many refused documents; try again later.", List.of()).build());
        }
    }

    private static boolean tooLarge(GraphQLError error) {
        return GraphQlErrors.code(error) == ErrorCode.QUERY_TOO_COMPLEX;
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
