package org.roost.identity.revocation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.roost.support.SteppingClock;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the denylist promises, on an embedded database migrated as the service's own (no application context): a
 * denied token is refused here at once, told to the other instances, and refused by an instance that starts later;
 * entries end with the token's expiry. The cross-instance half over Redis is DenylistAcrossInstancesTest.
 */
class TokenDenylistTest {

    private final SteppingClock clock = new SteppingClock();
    private final JdbcClient jdbc = migratedDatabase();
    private final List<String> told = new ArrayList<>();
    private final RevocationPublisher publisher = new RevocationPublisher() {
        @Override
        public void tokenDenied(String jti, Instant expiresAt) {
            told.add(jti);
        }

        @Override
        public void credentialsRevoked(long userId, Instant before) {
        }
    };

    @Test
    void refusesADeniedTokenAtOnceTellsTheOthersAndKeepsItForTheNextInstance() {
        // given
        TokenDenylist denylist = denylist(publisher);

        // when
        denylist.deny("jti-1", clock.instant().plus(Duration.ofMinutes(10)));

        // then
        assertThat(denylist.isDenied("jti-1")).isTrue();
        assertThat(denylist.isDenied("jti-2")).isFalse();
        assertThat(told).containsExactly("jti-1");
        TokenDenylist startedLater = denylist(new RevocationPublisher.Local());
        assertThat(startedLater.isDenied("jti-1")).as("before it read the database").isFalse();
        startedLater.load();
        assertThat(startedLater.isDenied("jti-1")).isTrue();
    }

    @Test
    void denyingTwiceIsNoError() {
        TokenDenylist denylist = denylist(publisher);
        Instant expiry = clock.instant().plus(Duration.ofMinutes(10));

        denylist.deny("twice", expiry);
        denylist.deny("twice", expiry);

        assertThat(denylist.isDenied("twice")).isTrue();
        assertThat(rows()).isEqualTo(1);
    }

    @Test
    void ignoresATokenThatHasExpiredAlready() {
        TokenDenylist denylist = denylist(publisher);

        denylist.deny("old", clock.instant().minusSeconds(1));

        assertThat(denylist.isDenied("old")).isFalse();
        assertThat(told).isEmpty();
        assertThat(rows()).isZero();
    }

    @Test
    void learnsOfADenialFromAnotherInstanceAndOfOnesItMissedAtTheNextReRead() {
        // given two instances' lists over one database
        TokenDenylist here = denylist(new RevocationPublisher.Local());
        TokenDenylist there = denylist(new RevocationPublisher.Local());

        // when one is told of a denial and the other misses the message
        here.remember("told", clock.instant().plus(Duration.ofMinutes(10)));
        there.deny("missed", clock.instant().plus(Duration.ofMinutes(10)));

        // then the first refuses the one it was told of, and the missed one after its periodic re-read
        assertThat(here.isDenied("told")).isTrue();
        assertThat(here.isDenied("missed")).isFalse();
        here.catchUp();
        assertThat(here.isDenied("missed")).isTrue();
    }

    @Test
    void forgetsEntriesOnceTheirTokensHaveExpired() {
        // given
        TokenDenylist denylist = denylist(publisher);
        denylist.deny("short", clock.instant().plus(Duration.ofMinutes(1)));
        denylist.deny("long", clock.instant().plus(Duration.ofHours(2)));

        // when the short one's token has expired
        clock.advance(Duration.ofMinutes(2));
        denylist.catchUp();
        denylist.purgeExpired();

        // then (an expired token is refused by its expiry anyway) only the long one is kept, in memory and on disk
        assertThat(denylist.isDenied("short")).isFalse();
        assertThat(denylist.isDenied("long")).isTrue();
        assertThat(rows()).isEqualTo(1);
    }

    private TokenDenylist denylist(RevocationPublisher to) {
        return new TokenDenylist(jdbc, clock, to, Duration.ofSeconds(30));
    }

    private int rows() {
        return jdbc.sql("SELECT count(*) FROM denied_tokens").query(Integer.class).single();
    }

    private static JdbcClient migratedDatabase() {
        // The service's own migrations on H2 in PostgreSQL mode, as application-h2.yml configures it.
        String url = "jdbc:h2:mem:denylist-" + java.util.UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
        DriverManagerDataSource dataSource = new DriverManagerDataSource(url, "sa", "");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return JdbcClient.create(dataSource);
    }
}
