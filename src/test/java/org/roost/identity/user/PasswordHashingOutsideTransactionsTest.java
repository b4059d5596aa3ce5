package org.roost.identity.user;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.RandomSecrets;
import org.roost.support.ApiClient;
import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;

/**
 * No pooled connection is held across a password hash: a transaction holds its connection from its start, so every
 * hash and check of a password change and of a reset is made while the request thread is in none (a burst of
 * password changes would otherwise take the pool from everyone for the hashes' tens of milliseconds each).
 */
@EmbeddedDefaultsTest
class PasswordHashingOutsideTransactionsTest {

    @Autowired // a spy: ServerOnH2 (through EmbeddedDefaultsTest) declares it for this test
    PasswordEncoder passwords;

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    /** For each hash or check on the request thread: whether a transaction (and so a connection) was held. */
    private final List<Boolean> inTransaction = new CopyOnWriteArrayList<>();

    @BeforeEach
    void recordTransactions() {
        doAnswer(call -> {
            inTransaction.add(TransactionSynchronizationManager.isActualTransactionActive());
            return call.callRealMethod();
        }).when(passwords).encode(any());
        doAnswer(call -> {
            inTransaction.add(TransactionSynchronizationManager.isActualTransactionActive());
            return call.callRealMethod();
        }).when(passwords).matches(any(), any());
    }

    @Test
    void aPasswordChangeChecksAndHashesOutsideAnyTransaction() {
        // given
        ApiClient.Login me = new ApiClient(mvc).newUser("hasher");
        inTransaction.clear();

        // when
        var change = me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"a new long password\",\"current_password\":\"" + ApiClient.PASSWORD + "\"}")
                .exchange();

        // then the current password was checked and the new one hashed, neither in a transaction
        assertThat(change).hasStatus(200);
        assertThat(inTransaction).hasSizeGreaterThanOrEqualTo(2).containsOnly(false);
    }

    @Test
    void aResetHashesOutsideAnyTransaction() {
        // given a reset link for a user (as the mailed link would carry)
        ApiClient api = new ApiClient(mvc);
        String username = ApiClient.uniqueUsername("resetter");
        long id = api.signUp(username);
        String secret = RandomSecrets.newSecret();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        jdbc.sql("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (:hash, :user, :now, :expires)")
                .param("hash", RandomSecrets.hash(secret)).param("user", id).param("now", now)
                .param("expires", now.plusMinutes(30)).update();
        inTransaction.clear();

        // when
        var reset = mvc.post().uri("/api/v1/password-resets/complete").contentType(MediaType.APPLICATION_JSON)
                .content("{\"token\":\"%s\",\"password\":\"a reset long password\"}".formatted(secret)).exchange();

        // then
        assertThat(reset).hasStatus(204);
        assertThat(inTransaction).isNotEmpty().containsOnly(false);
        assertThat(mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"a reset long password\"}".formatted(username)).exchange())
                .hasStatus(200);
    }
}
