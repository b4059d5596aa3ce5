package org.roost.graphql.transport;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ErrorCode;
import org.springframework.graphql.GraphQlRequest;
import org.springframework.graphql.support.DefaultGraphQlRequest;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServletServerHttpRequest;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads one operation for Spring for GraphQL's HTTP handlers, which read the request through the converter they are
 * given: a POST's JSON body, strictly ({@link HttpOperation}: the framework's own reading answers a batch, or a
 * {@code query} that is no string, without the contract's codes), or a GET's query parameters, which the framework
 * does not read at all. It also resolves an automatic persisted query, so that every interceptor sees
 * the document that will run. A malformed part is refused with the contract's code ({@link GraphQlRequestException})
 * before anything executes.
 */
final class OperationReader implements HttpMessageConverter<Object> {

    /**
     * The content type the GET route gives its request: the operation is in the URL's query, form-encoded. A POST
     * with this type is still refused (415): only the GET route reads parameters.
     */
    static final MediaType URL_PARAMETERS = MediaType.APPLICATION_FORM_URLENCODED;

    /** A key given twice is refused, not the last one taken (docs/api.md, "Input validation"). */
    private final JsonMapper json = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private final PersistedQueries persistedQueries;

    OperationReader(PersistedQueries persistedQueries) {
        this.persistedQueries = persistedQueries;
    }

    @Override
    public boolean canRead(Class<?> type, @Nullable MediaType mediaType) {
        return mediaType != null && (MediaType.APPLICATION_JSON.equalsTypeAndSubtype(mediaType)
                || mediaType.getSubtype().endsWith("+json") || URL_PARAMETERS.equalsTypeAndSubtype(mediaType));
    }

    @Override
    public Object read(Class<?> type, HttpInputMessage input) throws IOException {
        HttpServletRequest request = ((ServletServerHttpRequest) input).getServletRequest();
        boolean get = "GET".equals(request.getMethod());
        HttpOperation operation;
        if (get) {
            operation = HttpOperation.fromParameters(json, request.getParameter("query"), request.getParameter("operationName"),
                    request.getParameter("variables"), request.getParameter("extensions"));
        }
        else if (request.getContentType() != null
                && URL_PARAMETERS.equalsTypeAndSubtype(MediaType.parseMediaType(request.getContentType()))) {
            throw new GraphQlRequestException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the operation as application/json.");
        }
        else {
            operation = HttpOperation.fromBody(json, input.getBody().readAllBytes());
        }
        PersistedQueries.Resolved resolved = persistedQueries.resolve(operation.query(), operation.extensions());
        String document = resolved.document();
        if (document == null || document.isBlank()) {
            throw new GraphQlRequestException(ErrorCode.MALFORMED_REQUEST, "The request has no 'query'.");
        }
        if (get && !HttpOperation.isQuery(document, operation.operationName())) {
            throw new GraphQlRequestException(ErrorCode.METHOD_NOT_ALLOWED,
                    "Only queries may be sent with GET; send mutations and subscriptions with POST.");
        }
        request.setAttribute(PersistedQueries.RESOLVED, resolved);
        return new DefaultGraphQlRequest(document, operation.operationName(), operation.variables(), operation.extensions());
    }

    @Override
    public boolean canWrite(Class<?> type, @Nullable MediaType mediaType) {
        return false;
    }

    @Override
    public List<MediaType> getSupportedMediaTypes() {
        return List.of(MediaType.APPLICATION_JSON, URL_PARAMETERS);
    }

    @Override
    public void write(Object value, @Nullable MediaType contentType, HttpOutputMessage output) {
        throw new UnsupportedOperationException("Responses are written by the handlers");
    }
}
