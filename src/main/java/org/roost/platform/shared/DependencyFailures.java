package org.roost.platform.shared;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisLoadingException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Tells a failure of the database or Redis (down, hung, refusing connections, timed out) from a
 * bug or a bad request, wherever it surfaces: translated by Spring, wrapped by Spring Security or
 * graphql-java, or raw from the driver. Such failures answer {@code 503 SERVICE_UNAVAILABLE} with
 * {@code Retry-After}: the client's request was fine and may be repeated later.
 */
public final class DependencyFailures {

    private DependencyFailures() {
    }

    /** Whether {@code failure} or anything it wraps means a dependency is unavailable. */
    public static boolean isUnavailable(@Nullable Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable current = failure; current != null && seen.put(current, true) == null;
                current = current.getCause()) {
            if (current instanceof ConcurrencyFailureException) {
                return false; // a lock or serialization conflict: the database answered
            }
            if (unavailable(current)) {
                return true;
            }
            if (current instanceof TransactionSystemException completion
                    && isUnavailable(completion.getApplicationException())) {
                return true; // the rollback failed after what made it roll back
            }
        }
        return false;
    }

    /** The failure and its root cause in one line, for a log line without a stack trace. */
    public static String describe(Throwable failure) {
        Throwable root = NestedExceptionUtils.getMostSpecificCause(failure);
        return root == failure ? failure.toString() : failure.getClass().getSimpleName() + " <- " + root;
    }

    private static boolean unavailable(Throwable failure) {
        return switch (failure) {
            case DataAccessResourceFailureException down -> true; // includes RedisConnectionFailureException
            case TransientDataAccessResourceException transientFailure -> true;
            case QueryTimeoutException timeout -> true; // statement timeout, Redis command timeout
            case CannotCreateTransactionException noConnection -> true;
            // Commit or rollback failed in the driver: the connection broke (a constraint checked at
            // commit has its SQLSTATE, which decides)
            case TransactionSystemException completion when completion.getCause() instanceof SQLException sql ->
                    sql.getSQLState() == null || unavailableState(sql.getSQLState());
            case RedisLoadingException loading -> true;
            case RedisCommandExecutionException refusedCommand -> false; // Redis answered: our mistake
            case RedisException redis -> true; // not connected, timed out, connection lost
            case SQLTransientConnectionException poolTimeout -> true; // Hikari's connection-timeout
            case SQLNonTransientConnectionException noConnection -> true;
            case SQLRecoverableException recoverable -> true;
            case SQLTimeoutException timeout -> true;
            case SQLException sql -> unavailableState(sql.getSQLState());
            default -> false;
        };
    }

    /**
     * SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P (operator
     * intervention: shutdown, crash, cannot connect now) and 57014 (statement timeout).
     */
    private static boolean unavailableState(@Nullable String state) {
        return state != null && (state.startsWith("08") || state.startsWith("53") || state.startsWith("57P")
                || state.equals("57014"));
    }
}
