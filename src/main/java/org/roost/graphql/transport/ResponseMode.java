package org.roost.graphql.transport;

import java.util.List;

import org.springframework.graphql.MediaTypes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.util.MimeTypeUtils;
import org.springframework.web.servlet.function.ServerRequest;

/**
 * What the client accepts decides the status codes: legacy {@code application/json} (or
 * {@code *}{@code /*}, or no Accept) always gets 200 with errors in the body, as the specification
 * says; {@code application/graphql-response+json} gets the statuses of GraphQL over HTTP.
 */
enum ResponseMode {
    JSON(MediaType.APPLICATION_JSON),
    GRAPHQL_RESPONSE(MediaTypes.APPLICATION_GRAPHQL_RESPONSE),
    EVENT_STREAM(MediaType.TEXT_EVENT_STREAM);

    private final MediaType mediaType;

    ResponseMode(MediaType mediaType) {
        this.mediaType = mediaType;
    }

    MediaType contentType() {
        return new MediaType(mediaType, java.nio.charset.StandardCharsets.UTF_8);
    }

    int status(int graphQlOverHttpStatus) {
        return this == GRAPHQL_RESPONSE ? graphQlOverHttpStatus : 200;
    }

    /** A GET never streams: it is answered as JSON whatever it accepts. */
    static ResponseMode of(ServerRequest request) {
        ResponseMode mode = of(request.headers().header(HttpHeaders.ACCEPT));
        return mode == EVENT_STREAM && HttpMethod.GET.equals(request.method()) ? JSON : mode;
    }

    static ResponseMode of(List<String> accept) {
        List<MediaType> types;
        try {
            types = MediaType.parseMediaTypes(accept);
        }
        catch (InvalidMediaTypeException unreadable) {
            return JSON;
        }
        types = new java.util.ArrayList<>(types);
        MimeTypeUtils.sortBySpecificity(types);
        types.sort(java.util.Comparator.comparingDouble(MediaType::getQualityValue).reversed());
        for (MediaType type : types) {
            if (type.isCompatibleWith(MediaType.TEXT_EVENT_STREAM) && !type.isWildcardType()) {
                return EVENT_STREAM;
            }
            if (MediaTypes.APPLICATION_GRAPHQL_RESPONSE.equalsTypeAndSubtype(type)) {
                return GRAPHQL_RESPONSE;
            }
            if (type.isCompatibleWith(MediaType.APPLICATION_JSON)) {
                return JSON;
            }
        }
        return JSON;
    }
}
