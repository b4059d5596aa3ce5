package org.roost.graphql.transport;

import org.roost.platform.shared.ErrorCode;

/**
 * A GraphQL request refused before execution. {@code status} is what a client that accepts
 * {@code application/graphql-response+json} sees; {@code application/json} clients always see 200.
 */
final class GraphQlRequestException extends RuntimeException {

    private final ErrorCode code;
    private final int status;

    GraphQlRequestException(ErrorCode code, String message) {
        this(code, message, code.status());
    }

    GraphQlRequestException(ErrorCode code, String message, int status) {
        super(message, null, false, false);
        this.code = code;
        this.status = status;
    }

    ErrorCode code() {
        return code;
    }

    int status() {
        return status;
    }
}
