package org.roost.graphql.transport;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import jakarta.servlet.ServletRequest;

import org.jspecify.annotations.Nullable;
import org.roost.graphql.GraphQlSettings;
import org.roost.platform.shared.ErrorCode;
import org.springframework.stereotype.Component;

/**
 * Apollo's automatic persisted queries: a client first sends only the SHA-256 of its query; on
 * {@code PersistedQueryNotFound} it sends the query with the hash once, and the hash alone works
 * from then on (also over GET, which keeps the URL short enough to cache).
 */
@Component
class PersistedQueries {

    /** Apollo clients recognise a miss by this exact message. */
    static final String NOT_FOUND = "PersistedQueryNotFound";
    /** The request attribute holding the request's {@link Resolved} operation. */
    static final String RESOLVED = PersistedQueries.class.getName() + ".resolved";

    private final Cache<String, String> queries;
    private final long maxDocumentBytes;

    PersistedQueries(GraphQlSettings settings) {
        this.queries = Caffeine.newBuilder().maximumSize(settings.persistedQueryCacheSize()).build();
        this.maxDocumentBytes = settings.maxDocumentSize().toBytes();
    }

    /**
     * The document to run and, when the client is registering one, the hash to remember it under
     * once it has passed the size limit and validation (see {@link #remember}): nothing a client
     * sends is kept before then, so the cache holds only documents that could run.
     */
    record Resolved(@Nullable String document, @Nullable String hashToRemember) {
    }

    /** The query to run: the one sent, or the one remembered for the hash in {@code extensions.persistedQuery}. */
    Resolved resolve(@Nullable String query, @Nullable Map<String, Object> extensions) {
        if (extensions == null || !(extensions.get("persistedQuery") instanceof Map<?, ?> persisted)) {
            return new Resolved(query, null);
        }
        if (!(persisted.get("sha256Hash") instanceof String hash) || !Integer.valueOf(1).equals(persisted.get("version"))) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "Unsupported persisted query; use version 1 with sha256Hash.");
        }
        if (query == null) {
            String known = queries.getIfPresent(hash.toLowerCase(java.util.Locale.ROOT));
            if (known == null) {
                throw new GraphQlRequestException(ErrorCode.NOT_FOUND, NOT_FOUND, 200);
            }
            return new Resolved(known, null);
        }
        if (!sha256(query).equalsIgnoreCase(hash)) {
            throw new GraphQlRequestException(ErrorCode.VALIDATION_ERROR, "The sha256Hash does not match the query.");
        }
        return new Resolved(query, hash.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * Keeps the document that the request registered ({@link OperationReader} leaves the {@link Resolved} operation
     * under {@link #RESOLVED}), once it has executed (so passed validation) and is within the size limit.
     */
    void remember(ServletRequest request) {
        if (request.getAttribute(RESOLVED) instanceof Resolved resolved && resolved.hashToRemember() != null
                && resolved.document() != null
                && resolved.document().getBytes(StandardCharsets.UTF_8).length <= maxDocumentBytes) {
            queries.put(resolved.hashToRemember(), resolved.document());
        }
    }

    long size() {
        queries.cleanUp();
        return queries.estimatedSize();
    }

    private static String sha256(String query) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(query.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
