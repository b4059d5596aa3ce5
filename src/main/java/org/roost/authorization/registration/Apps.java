package org.roost.authorization.registration;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.server.ClientOwners;
import org.roost.authorization.server.ClientSecretHash;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.stepup.Reauthentication;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The developer console's apps: each is an OAuth client in Spring's store, owned by the person who registered it;
 * a person sees and changes only their own (anyone else's is "not found"). A confidential app's secret is shown
 * once, at registration and at each rotation, and stored only hashed. Every app must use PKCE and ask consent.
 */
@Service
class Apps {

    record App(String clientId, String name, boolean confidential, Set<String> redirectUris, Set<String> scopes,
            Instant createdAt, @Nullable String secret) {
    }

    private static final int MAX_APPS_PER_OWNER = 20;

    private final SecureRandom random = new SecureRandom();
    private final PasswordEncoder secrets = ClientSecretHash.delegating();
    private final RegisteredClientRepository clients;
    private final OAuth2AuthorizationService authorizations;
    private final JdbcClient jdbc;
    private final Clock clock;
    private final ApplicationEventPublisher events;
    private final IdTokenAlgorithm idTokens;
    private final RegistrationPolicy policy;
    private final Reauthentication reauthentication;

    Apps(RegisteredClientRepository clients, OAuth2AuthorizationService authorizations, JdbcClient jdbc, Clock clock,
            ApplicationEventPublisher events, IdTokenAlgorithm idTokens, RegistrationPolicy policy,
            Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.idTokens = idTokens;
        this.policy = policy;
        this.clients = clients;
        this.authorizations = authorizations;
        this.jdbc = jdbc;
        this.clock = clock;
        this.events = events;
    }

    /** A new app's secret in a thief's hands outlives the stolen session: registering needs a recent sign-in. */
    @Transactional
    App register(Caller caller, String name, List<String> redirectUris, boolean confidential, List<String> scopes) {
        long owner = caller.requireUser(Scopes.USERS_WRITE).id();
        reauthentication.require(caller);
        ClientNames.problem(name, policy.reservedNames()).ifPresent(problem -> {
            throw ApiException.invalid("name", problem);
        });
        if (!policy.allows(AuthorizationGrantType.AUTHORIZATION_CODE.getValue())) {
            throw ApiException.conflict("This Roost registers no apps (roost.registration.allowed-grant-types).");
        }
        if (redirectUris.isEmpty() || redirectUris.size() > 10
                || String.join(",", redirectUris).length() > RegistrationMetadata.MAX_URIS_LENGTH) {
            throw ApiException.invalid("redirect_uris", "must list 1 to 10 URIs, at most "
                    + RegistrationMetadata.MAX_URIS_LENGTH + " characters together");
        }
        for (String uri : redirectUris) {
            RedirectUriRules.problem(uri).ifPresent(problem -> {
                throw ApiException.invalid("redirect_uris", uri.length() > 200 ? problem : uri + " " + problem);
            });
        }
        if (scopes.isEmpty() || !AppScopes.ALLOWED.containsAll(scopes)) {
            throw ApiException.invalid("scopes", "must name some of " + String.join(" ", AppScopes.ALLOWED.stream().sorted().toList()));
        }
        long owned = jdbc.sql("SELECT COUNT(*) FROM registered_apps WHERE owner_id = :owner").param("owner", owner)
                .query(Long.class).single();
        if (owned >= MAX_APPS_PER_OWNER) {
            throw ApiException.conflict("You have " + MAX_APPS_PER_OWNER + " apps already; delete one first.");
        }
        String clientId = "app-" + token(12);
        String secret = confidential ? token(32) : null;
        Instant now = clock.instant();
        RegisteredClient.Builder client = RegisteredClient.withId(UUID.randomUUID().toString()).clientId(clientId)
                .clientIdIssuedAt(now).clientName(org.roost.platform.shared.TextRules.normalize(name.strip()))
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .redirectUris(uris -> uris.addAll(redirectUris)).scopes(s -> s.addAll(scopes))
                .clientSettings(ClientSettings.builder().requireProofKey(true).requireAuthorizationConsent(true)
                        .setting(ClientOwners.SETTING, Long.toString(owner)).build())
                .tokenSettings(TokenSettings.builder().authorizationCodeTimeToLive(Duration.ofMinutes(2))
                        .accessTokenTimeToLive(Duration.ofMinutes(15)).refreshTokenTimeToLive(Duration.ofDays(14))
                        .reuseRefreshTokens(false).idTokenSignatureAlgorithm(idTokens.current()).build());
        if (secret != null) {
            client.clientSecret(secrets.encode(secret))
                    .clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                    .clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_POST);
            if (policy.allows(AuthorizationGrantType.REFRESH_TOKEN.getValue())) {
                client.authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN);
            }
        }
        else {
            client.clientAuthenticationMethod(ClientAuthenticationMethod.NONE);
        }
        clients.save(client.build());
        jdbc.sql("INSERT INTO registered_apps (client_id, owner_id, created_at) VALUES (:id, :owner, :at)")
                .param("id", clientId).param("owner", owner).param("at", Timestamps.utc(now)).update();
        events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.CLIENT_REGISTERED, clientId, owner, "by", "console"));
        return view(clients.findByClientId(clientId), now, secret);
    }

    List<App> list(long owner) {
        return jdbc.sql("SELECT client_id, created_at FROM registered_apps WHERE owner_id = :owner ORDER BY created_at, client_id")
                .param("owner", owner)
                .query((rs, row) -> new Object[] { rs.getString(1), rs.getObject(2, OffsetDateTime.class).toInstant() })
                .list().stream()
                .map(row -> view(clients.findByClientId((String) row[0]), (Instant) row[1], null)).toList();
    }

    App get(long owner, String clientId) {
        return view(required(clientId), owned(owner, clientId), null);
    }

    @Transactional
    App rotateSecret(Caller caller, String clientId) {
        long owner = caller.requireUser(Scopes.USERS_WRITE).id();
        reauthentication.require(caller);
        Instant created = owned(owner, clientId);
        RegisteredClient client = required(clientId);
        if (client.getClientSecret() == null) {
            throw ApiException.conflict("A public app has no secret to rotate.");
        }
        String secret = token(32);
        clients.save(RegisteredClient.from(client).clientSecret(secrets.encode(secret)).build());
        events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.CLIENT_SECRET_ROTATED, clientId, owner));
        return view(required(clientId), created, secret);
    }

    /** Deletes the app with everything it was granted: its authorizations (tokens end at once) and consents. */
    @Transactional
    void delete(long owner, String clientId) {
        owned(owner, clientId);
        RegisteredClient client = required(clientId);
        jdbc.sql("SELECT id FROM oauth2_authorization WHERE registered_client_id = :id").param("id", client.getId())
                .query(String.class).list().forEach(id -> {
                    OAuth2Authorization authorization = authorizations.findById(id);
                    if (authorization != null) {
                        authorizations.remove(authorization);
                    }
                });
        jdbc.sql("DELETE FROM oauth2_authorization_consent WHERE registered_client_id = :id").param("id", client.getId()).update();
        jdbc.sql("DELETE FROM oauth2_registered_client WHERE id = :id").param("id", client.getId()).update();
        jdbc.sql("DELETE FROM registered_apps WHERE client_id = :id").param("id", clientId).update();
        events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.CLIENT_DELETED, clientId, owner));
    }

    private Instant owned(long owner, String clientId) {
        return jdbc.sql("SELECT created_at FROM registered_apps WHERE client_id = :id AND owner_id = :owner")
                .param("id", clientId).param("owner", owner).query(OffsetDateTime.class).optional()
                .map(OffsetDateTime::toInstant).orElseThrow(() -> ApiException.notFound("The app"));
    }

    private RegisteredClient required(String clientId) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client == null) {
            throw ApiException.notFound("The app");
        }
        return client;
    }

    private static App view(@Nullable RegisteredClient client, Instant createdAt, @Nullable String secret) {
        if (client == null) {
            throw ApiException.notFound("The app");
        }
        return new App(client.getClientId(), client.getClientName(), client.getClientSecret() != null,
                new LinkedHashSet<>(client.getRedirectUris()), new LinkedHashSet<>(client.getScopes()), createdAt, secret);
    }

    private String token(int bytes) {
        byte[] value = new byte[bytes];
        random.nextBytes(value);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
    }
}
