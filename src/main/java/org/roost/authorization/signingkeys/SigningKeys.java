package org.roost.authorization.signingkeys;

import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import org.roost.authorization.token.TokenProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.roost.platform.shared.Timestamps;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The service's signing keys, kept in the database so every instance signs and verifies with the
 * same set and a restart voids nothing. A new key is published (in {@code /oauth2/jwks} and to every
 * instance) for a while before it signs; a replaced key keeps verifying until the last token it
 * signed has expired. Requests read the in-memory copy only.
 */
@Component
public class SigningKeys implements JWKSource<SecurityContext>, SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(SigningKeys.class);

    record Key(JWK jwk, Instant createdAt, @org.jspecify.annotations.Nullable Instant retiredAt) {
    }

    /** At most one re-read per interval for tokens naming a key we do not know, whoever sends them. */
    private static final Duration UNKNOWN_KID_RELOAD_INTERVAL = Duration.ofSeconds(1);

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final TokenProperties properties;
    private final SigningKeyMaterial material;
    private final AtomicLong lastUnknownKidReload = new AtomicLong();
    private volatile List<Key> keys = List.of();
    private volatile JWKSet verifying = new JWKSet();
    /** The first key's creation on an empty database; done from the start when there was a key already. */
    private final CompletableFuture<Void> firstKey;

    SigningKeys(JdbcClient jdbc, TransactionTemplate transactions, Clock clock, TokenProperties properties,
            ObjectProvider<SigningKeyMaterial> material) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.properties = properties;
        this.material = material.getIfAvailable(() -> SigningKeyMaterial.GENERATED);
        reload();
        if (keys.stream().noneMatch(key -> key.retiredAt() == null)) {
            // Generating an RSA key was about a tenth of an embedded start-up (an empty database at every start), on
            // one core while the other idled: the rest of the context is built meanwhile, and the context is not
            // ready until the key is there (afterSingletonsInstantiated). Whatever reads the keys waits for it.
            firstKey = CompletableFuture.runAsync(this::createFirstKey,
                    task -> Thread.ofPlatform().daemon().name("first-signing-key").start(task));
        }
        else {
            firstKey = CompletableFuture.completedFuture(null);
        }
    }

    /** Start-up fails, as before, when the first key cannot be made; the context is ready only with a key. */
    @Override
    public void afterSingletonsInstantiated() {
        awaitFirstKey();
    }

    private void awaitFirstKey() {
        try {
            firstKey.join();
        }
        catch (CompletionException ex) {
            throw new IllegalStateException("Could not create the first signing key", ex.getCause());
        }
    }

    /**
     * Instances starting together on an empty database must not each create a key of their own (each
     * would refuse the other's tokens): the first key is created under a row lock, and whoever waited
     * for it finds the key already there.
     */
    private void createFirstKey() {
        transactions.executeWithoutResult(status -> {
            jdbc.sql("SELECT id FROM signing_key_lock WHERE id = 1 FOR UPDATE").query(Integer.class).optional();
            reload();
            if (keys.stream().noneMatch(key -> key.retiredAt() == null)) {
                // The very first key signs at once: there are no other instances' caches to wait for.
                insert(generate(), clock.instant().minus(properties.keyPublication()));
            }
        });
        reload();
    }

    /** The key that signs now: the newest active one that every instance has had time to learn. */
    public JWK current() {
        awaitFirstKey();
        Instant publishedBefore = clock.instant().minus(properties.keyPublication());
        List<Key> active = keys.stream().filter(key -> key.retiredAt() == null)
                .sorted(Comparator.comparing(Key::createdAt).reversed()).toList();
        return active.stream().filter(key -> !key.createdAt().isAfter(publishedBefore)).findFirst()
                .or(() -> active.stream().reduce((newer, older) -> older))
                .orElseThrow(() -> new IllegalStateException("No signing key")).jwk();
    }

    /**
     * The algorithms of the stored keys, the signing key's first: what a token of the service may be signed with now
     * or soon (a published key) or was signed with and still verifies (a retired key). Discovery names these, since
     * {@code roost.tokens.signing-algorithm} can change while older keys of the other algorithm still verify.
     */
    public List<String> algorithms() {
        Set<String> names = new LinkedHashSet<>();
        names.add(current().getAlgorithm().getName());
        keys.forEach(key -> names.add(key.jwk().getAlgorithm().getName()));
        return List.copyOf(names);
    }

    /** Every stored key with its private half, in storage order (for rotation tests). */
    public List<JWK> privateKeys() {
        awaitFirstKey();
        return keys.stream().map(Key::jwk).toList();
    }

    @Override
    public List<JWK> get(JWKSelector selector, SecurityContext context) {
        awaitFirstKey();
        List<JWK> selected = selector.select(verifying);
        String kid = selector.getMatcher().getKeyIDs() == null ? null
                : selector.getMatcher().getKeyIDs().stream().findFirst().orElse(null);
        if (selected.isEmpty() && kid != null && unknownKidReloadAllowed()) {
            // A key another instance created a moment ago (published keys are normally learnt in advance).
            reload();
            selected = selector.select(verifying);
        }
        return selected;
    }

    private boolean unknownKidReloadAllowed() {
        long now = clock.millis();
        long last = lastUnknownKidReload.get();
        return now - last >= UNKNOWN_KID_RELOAD_INTERVAL.toMillis() && lastUnknownKidReload.compareAndSet(last, now);
    }

    /** Starts a new key now; the current one retires once the new one signs. */
    public void rotate() {
        awaitFirstKey();
        insert(generate(), clock.instant());
        reload();
    }

    /** Rotates unless another instance has just done so (both would otherwise add a key). */
    private void rotateIfDue() {
        transactions.executeWithoutResult(status -> {
            jdbc.sql("SELECT id FROM signing_key_lock WHERE id = 1 FOR UPDATE").query(Integer.class).optional();
            reload();
            if (newestActive().plus(properties.keyRotation()).isBefore(clock.instant())) {
                log.info("Rotating the token signing key");
                insert(generate(), clock.instant());
            }
        });
        reload();
    }

    private Instant newestActive() {
        return keys.stream().filter(key -> key.retiredAt() == null).map(Key::createdAt)
                .max(Comparator.naturalOrder()).orElse(Instant.EPOCH);
    }

    @Scheduled(fixedDelayString = "PT1M", initialDelayString = "PT1M")
    public void maintain() {
        awaitFirstKey();
        reload();
        Instant now = clock.instant();
        if (newestActive().plus(properties.keyRotation()).isBefore(now)) {
            rotateIfDue();
        }
        String signing = current().getKeyID();
        jdbc.sql("UPDATE signing_keys SET retired_at = :now WHERE retired_at IS NULL AND kid <> :kid AND created_at < "
                + "(SELECT created_at FROM signing_keys WHERE kid = :kid)")
                .param("now", Timestamps.utc(now)).param("kid", signing).update();
        Duration keep = properties.accessTokenLifetime().plus(properties.clockSkew()).plusMinutes(5);
        jdbc.sql("DELETE FROM signing_keys WHERE retired_at < :before").param("before", Timestamps.utc(now.minus(keep))).update();
    }

    private void reload() {
        List<Key> loaded = jdbc.sql("SELECT jwk, created_at, retired_at FROM signing_keys")
                .query((rs, row) -> new Key(parse(rs.getString(1)), rs.getObject(2, OffsetDateTime.class).toInstant(),
                        rs.getObject(3) == null ? null : rs.getObject(3, OffsetDateTime.class).toInstant()))
                .list();
        keys = loaded;
        // Public halves only: given a full key pair, Nimbus rebuilds (and the JDK validates) the private
        // key on every verification, which cost more than the RSA signature check itself (measured).
        verifying = new JWKSet(loaded.stream().map(key -> key.jwk().toPublicJWK()).toList());
    }

    private JWK generate() {
        try {
            return material.create(properties.signingAlgorithm(), UUID.randomUUID().toString());
        }
        catch (JOSEException ex) {
            throw new IllegalStateException("Could not generate a signing key", ex);
        }
    }

    private void insert(JWK jwk, Instant createdAt) {
        jdbc.sql("INSERT INTO signing_keys (kid, algorithm, jwk, created_at) VALUES (:kid, :alg, :jwk, :at)")
                .param("kid", jwk.getKeyID()).param("alg", jwk.getAlgorithm().getName())
                .param("jwk", jwk.toJSONString()).param("at", Timestamps.utc(createdAt)).update();
    }

    private static JWK parse(String json) {
        try {
            return JWK.parse(json);
        }
        catch (ParseException ex) {
            throw new IllegalStateException("A stored signing key cannot be read", ex);
        }
    }

}
