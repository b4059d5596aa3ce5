package org.roost.platform.shared;

/**
 * The machine-readable codes of the error contract, each with the HTTP status it answers with
 * and the message a client sees when nothing more specific is known.
 */
public enum ErrorCode {
    VALIDATION_ERROR(400, "Request validation failed."),
    MALFORMED_REQUEST(400, "The request could not be read."),
    UNAUTHENTICATED(401, "Authentication is required."),
    INVALID_CREDENTIALS(401, "The username or password is incorrect."),
    INVALID_TOKEN(401, "The access token is invalid."),
    /** The password was right; a second factor is due: the body carries a step token (docs/api.md, "Two-factor sign-in"). */
    SECOND_FACTOR_REQUIRED(401, "A code from your authenticator app is required to finish signing in."),
    FORBIDDEN(403, "You are not allowed to do this."),
    CSRF_TOKEN_INVALID(403, "The CSRF token is missing or invalid."),
    INSUFFICIENT_SCOPE(403, "The access token lacks the scope this request needs."),
    /** A sensitive change needs a sign-in within roost.security.reauthentication-window (docs/api.md, "Re-authentication"). */
    REAUTHENTICATION_REQUIRED(403, "Confirm it is you: sign in again (your password, and a code if two-factor sign-in is on) to make this change."),
    NOT_FOUND(404, "The resource was not found."),
    METHOD_NOT_ALLOWED(405, "The method is not allowed on this resource."),
    NOT_ACCEPTABLE(406, "No acceptable representation is available."),
    CONFLICT(409, "The request conflicts with the current state of the resource."),
    IDEMPOTENCY_KEY_IN_USE(409, "A request with this Idempotency-Key is still being processed; retry later."),
    PRECONDITION_FAILED(412, "The resource has changed since it was read."),
    PAYLOAD_TOO_LARGE(413, "The request body is too large."),
    UNSUPPORTED_MEDIA_TYPE(415, "The request's content type is not supported."),
    IDEMPOTENCY_KEY_REUSED(422, "This Idempotency-Key was already used for a different request."),
    RATE_LIMITED(429, "Too many requests; try again later."),
    INTERNAL_ERROR(500, "An unexpected error occurred."),
    /** RFC 9110: a method the server does not know at all (405 is for a known one the resource lacks), or a transfer coding it cannot decode. */
    NOT_IMPLEMENTED(501, "The server does not implement this request's method or transfer coding."),
    SERVICE_UNAVAILABLE(503, "The service is temporarily unavailable."),
    HTTP_VERSION_NOT_SUPPORTED(505, "The HTTP version is not supported."),
    QUERY_TOO_COMPLEX(400, "The query is too complex.");

    private final int status;
    private final String defaultMessage;

    ErrorCode(int status, String defaultMessage) {
        this.status = status;
        this.defaultMessage = defaultMessage;
    }

    public int status() {
        return status;
    }

    public String defaultMessage() {
        return defaultMessage;
    }

    /** The code a bare HTTP status maps to, for failures raised by the framework rather than by us. */
    public static ErrorCode forStatus(int status) {
        return switch (status) {
            case 400 -> MALFORMED_REQUEST;
            case 401 -> UNAUTHENTICATED;
            case 403 -> FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 406 -> NOT_ACCEPTABLE;
            case 409 -> CONFLICT;
            case 412 -> PRECONDITION_FAILED;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> RATE_LIMITED;
            case 501 -> NOT_IMPLEMENTED;
            case 503 -> SERVICE_UNAVAILABLE;
            case 505 -> HTTP_VERSION_NOT_SUPPORTED;
            default -> status >= 500 ? INTERNAL_ERROR : MALFORMED_REQUEST;
        };
    }
}
