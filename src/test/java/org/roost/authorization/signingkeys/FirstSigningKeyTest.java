package org.roost.authorization.signingkeys;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWK;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.roost.authorization.token.TokenProperties;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The first key on an empty database is made while the rest of the application is built, and nothing reads the keys
 * before it is there; on the service's own migrations (H2, no application context).
 */
class FirstSigningKeyTest {

    final DriverManagerDataSource database = migratedDatabase();
    final JdbcClient jdbc = JdbcClient.create(database);
    final TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(database));
    final TokenProperties properties = new TokenProperties("roost-api", Duration.ofMinutes(15), Duration.ofDays(14),
            Duration.ofSeconds(30), "ES256", Duration.ofDays(30), Duration.ofMinutes(10), Duration.ofSeconds(5), 1000,
            Duration.ofSeconds(30));

    @Test
    void buildsOnWhileTheFirstKeyIsMadeAndReadsTheKeysOnlyOnceItIsThere() throws Exception {
        // given: key material that is made only when the test says so
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger made = new AtomicInteger();
        SigningKeyMaterial held = (algorithm, kid) -> {
            awaitQuietly(release);
            made.incrementAndGet();
            return SigningKeyMaterial.GENERATED.create(algorithm, kid);
        };

        // when: made on an empty database
        SigningKeys keys = signingKeys(held);

        // then: the constructor has returned with the material still held back, and a reader waits for it
        assertThat(made).hasValue(0);
        AtomicReference<Thread> reader = new AtomicReference<>();
        CompletableFuture<JWK> current = CompletableFuture.supplyAsync(() -> {
            reader.set(Thread.currentThread());
            return keys.current();
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> reader.get() != null
                && reader.get().getState() == Thread.State.WAITING);
        assertThat(current).isNotDone();
        release.countDown();
        JWK key = current.get(10, TimeUnit.SECONDS);
        keys.afterSingletonsInstantiated();
        assertThat(made).hasValue(1);
        assertThat(jdbc.sql("SELECT kid FROM signing_keys").query(String.class).list()).containsExactly(key.getKeyID());

        // and: the next instance on the same database finds it and makes none
        SigningKeys next = signingKeys(held);
        assertThat(next.current().getKeyID()).isEqualTo(key.getKeyID());
        assertThat(made).hasValue(1);
    }

    @Test
    void failsTheStartWhenTheFirstKeyCannotBeMade() {
        // given
        SigningKeyMaterial broken = (algorithm, kid) -> {
            throw new JOSEException("no entropy today");
        };

        // when
        SigningKeys keys = signingKeys(broken);

        // then
        assertThatIllegalStateException().isThrownBy(keys::afterSingletonsInstantiated)
                .withMessage("Could not create the first signing key");
        assertThatIllegalStateException().isThrownBy(keys::current);
    }

    private SigningKeys signingKeys(SigningKeyMaterial material) {
        return new SigningKeys(jdbc, transactions, Clock.systemUTC(), properties,
                new StaticListableBeanFactory(Map.of("material", material)).getBeanProvider(SigningKeyMaterial.class));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the key material");
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    private static DriverManagerDataSource migratedDatabase() {
        // The service's own migrations on H2 in PostgreSQL mode, as the embedded defaults configure it.
        String url = "jdbc:h2:mem:signing-keys-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
        DriverManagerDataSource dataSource = new DriverManagerDataSource(url, "sa", "");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return dataSource;
    }
}
