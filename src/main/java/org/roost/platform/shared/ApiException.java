package org.roost.platform.shared;

import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A failure that the client caused or must know about. REST and GraphQL both map it by its
 * {@link ErrorCode}, so a rule broken through either API reads the same.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final List<FieldViolation> details;
    private final @Nullable Duration retryAfter;

    public ApiException(ErrorCode code, String message) {
        this(code, message, List.of(), null);
    }

    public ApiException(ErrorCode code, String message, List<FieldViolation> details, @Nullable Duration retryAfter) {
        super(message, null, false, false);
        this.code = code;
        this.details = List.copyOf(details);
        this.retryAfter = retryAfter;
    }

    public ErrorCode code() {
        return code;
    }

    public List<FieldViolation> details() {
        return details;
    }

    public @Nullable Duration retryAfter() {
        return retryAfter;
    }

    public static ApiException notFound(String what) {
        return new ApiException(ErrorCode.NOT_FOUND, what + " was not found.");
    }

    public static ApiException forbidden(String why) {
        return new ApiException(ErrorCode.FORBIDDEN, why);
    }

    public static ApiException conflict(String why) {
        return new ApiException(ErrorCode.CONFLICT, why);
    }

    public static ApiException invalid(String field, String message) {
        return new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.defaultMessage(),
                List.of(new FieldViolation(field, message)), null);
    }

    public static ApiException rateLimited(Duration retryAfter) {
        return new ApiException(ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED.defaultMessage(), List.of(), retryAfter);
    }
}
