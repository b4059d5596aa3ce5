package org.roost.identity.federation;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.UserService;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The links between provider accounts ({@code issuer}, {@code subject}) and Roost accounts. */
@Service
class Identities {

    record Identity(long id, long userId, String registrationId, String issuer, String subject, @Nullable String email,
            Instant linkedAt) {
    }

    private static final String COLUMNS = "id, user_id, registration_id, issuer, subject, email, linked_at";
    private static final RowMapper<Identity> ROW = (rs, row) -> new Identity(rs.getLong("id"), rs.getLong("user_id"),
            rs.getString("registration_id"), rs.getString("issuer"), rs.getString("subject"), rs.getString("email"),
            rs.getObject("linked_at", OffsetDateTime.class).toInstant());

    private final JdbcClient jdbc;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    Identities(JdbcClient jdbc, UserService users, ApplicationEventPublisher events, Clock clock) {
        this.jdbc = jdbc;
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    Optional<Identity> find(String issuer, String subject) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM federated_identities WHERE issuer = :issuer AND subject = :subject")
                .param("issuer", issuer).param("subject", subject).query(ROW).optional();
    }

    List<Identity> list(long userId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM federated_identities WHERE user_id = :user ORDER BY linked_at, id")
                .param("user", userId).query(ROW).list();
    }

    /**
     * Links the provider account to the user, in autocommit (a lost race fails one statement, not a transaction).
     *
     * @return empty when the provider account, or another account of the same provider, is linked already
     */
    Optional<Identity> link(long userId, ProviderAssertion assertion) {
        try {
            jdbc.sql("INSERT INTO federated_identities (user_id, registration_id, issuer, subject, email, linked_at) "
                            + "VALUES (:user, :registration, :issuer, :subject, :email, :now)")
                    .param("user", userId).param("registration", assertion.registrationId())
                    .param("issuer", assertion.issuer()).param("subject", assertion.subject())
                    .param("email", assertion.email(), java.sql.Types.VARCHAR)
                    .param("now", Timestamps.utc(Timestamps.truncate(clock.instant()))).update();
        }
        catch (DuplicateKeyException taken) {
            return Optional.empty();
        }
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PROVIDER_LINKED, userId,
                "provider", assertion.registrationId()));
        return find(assertion.issuer(), assertion.subject());
    }

    boolean hasLinked(long userId, String registrationId) {
        return jdbc.sql("SELECT COUNT(*) FROM federated_identities WHERE user_id = :user AND registration_id = :r")
                .param("user", userId).param("r", registrationId).query(Long.class).single() > 0;
    }

    /**
     * Removes a link of the owner's.
     *
     * @throws ApiException {@code NOT_FOUND} for no such link of this user; {@code CONFLICT} when it is the last way
     *                      to sign in (no password, no other link)
     */
    @Transactional
    void remove(long userId, long identityId) {
        // Locks the user's links, so that two removals at once cannot both see "another one is left".
        List<Identity> linked = jdbc.sql("SELECT " + COLUMNS + " FROM federated_identities WHERE user_id = :user FOR UPDATE")
                .param("user", userId).query(ROW).list();
        Identity identity = linked.stream().filter(i -> i.id() == identityId).findFirst()
                .orElseThrow(() -> ApiException.notFound("The sign-in provider link"));
        if (linked.size() == 1 && !users.hasPassword(userId)) {
            throw ApiException.conflict("This is the only way to sign in to this account: set a password first "
                    + "(\"Forgot password?\" mails a link to your confirmed address), or link another provider.");
        }
        jdbc.sql("DELETE FROM federated_identities WHERE id = :id").param("id", identityId).update();
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PROVIDER_UNLINKED, userId,
                "provider", identity.registrationId()));
    }
}
