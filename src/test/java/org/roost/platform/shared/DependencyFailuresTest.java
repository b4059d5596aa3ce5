package org.roost.platform.shared;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

import static org.assertj.core.api.Assertions.assertThat;

class DependencyFailuresTest {

    @Test
    void recognisesADatabaseThatIsDownHungOrTimedOut() {
        assertThat(DependencyFailures.isUnavailable(new CannotCreateTransactionException("no connection",
                new SQLTransientConnectionException("pool timeout")))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new DataAccessResourceFailureException("I/O error"))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new QueryTimeoutException("statement timeout"))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new SQLException("terminating connection", "57P01"))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new SQLException("connection failure", "08006"))).isTrue();
    }

    @Test
    void recognisesARollbackThatFailedBecauseTheConnectionBroke() {
        TransactionSystemException rollback = new TransactionSystemException("JDBC rollback failed",
                new SQLException("Connection is closed"));

        assertThat(DependencyFailures.isUnavailable(rollback)).isTrue();
    }

    @Test
    void recognisesRedisThatIsDownOrHungWhereverItIsWrapped() {
        assertThat(DependencyFailures.isUnavailable(new RedisConnectionFailureException("refused"))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new RedisSystemException("Redis exception",
                new io.lettuce.core.RedisException("Currently not connected")))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new RedisCommandTimeoutException("timed out"))).isTrue();
        assertThat(DependencyFailures.isUnavailable(new AuthenticationServiceException("could not check",
                new IllegalStateException(new RedisConnectionException("refused"))))).isTrue();
    }

    @Test
    void leavesBugsConflictsAndRefusedCommandsToTheirOwnAnswers() {
        assertThat(DependencyFailures.isUnavailable(new IllegalStateException("bug"))).isFalse();
        assertThat(DependencyFailures.isUnavailable(null)).isFalse();
        assertThat(DependencyFailures.isUnavailable(new DataIntegrityViolationException("duplicate",
                new SQLException("duplicate key", "23505")))).isFalse();
        assertThat(DependencyFailures.isUnavailable(new CannotAcquireLockException("lock",
                new SQLException("lock not available", "55P03")))).isFalse();
        assertThat(DependencyFailures.isUnavailable(new RedisCommandExecutionException("WRONGTYPE"))).isFalse();
        assertThat(DependencyFailures.isUnavailable(new TransactionSystemException("commit failed",
                new SQLException("deferred constraint", "23503")))).isFalse();
    }
}
