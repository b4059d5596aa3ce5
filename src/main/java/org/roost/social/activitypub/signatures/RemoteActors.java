package org.roost.social.activitypub.signatures;

import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;
import org.roost.platform.outbound.OutboundRequests;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClientException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Other servers' actors and keys, fetched through the outbound guard ({@link OutboundRequests}: no internal
 * addresses, no redirects, short timeouts) over https, or plain http to a host named in
 * {@code roost.outbound.allowed-hosts} only. Kept for an hour in memory (bounded), since every signed request
 * from a server names the same key; a key is fetched again early when a signature fails with it (a rotation), but
 * no more than once a minute, so that bad signatures cannot make this service fetch for whoever sends them.
 */
@Component
public class RemoteActors {

    static final int MAX_DOCUMENT = 256 * 1024;
    static final String ACCEPT = "application/activity+json, application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\"";
    private static final Duration REFETCH_AFTER = Duration.ofMinutes(1);
    private static final Logger log = LoggerFactory.getLogger(RemoteActors.class);

    private final OutboundRequests outbound;
    private final JsonMapper json = JsonMapper.builder().build();
    private final Clock clock;
    private final Cache<String, Fetched<RemoteKey>> keys = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1)).build();
    private final Cache<String, RemoteActor> actors = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1)).build();

    RemoteActors(OutboundRequests outbound, Clock clock) {
        this.outbound = outbound;
        this.clock = clock;
    }

    /** The key named {@code keyId}, from the cache or its document; empty when it cannot be had. */
    public Optional<RemoteKey> key(String keyId) {
        Fetched<RemoteKey> cached = keys.getIfPresent(keyId);
        if (cached != null) {
            return Optional.of(cached.value());
        }
        return fetchKey(keyId);
    }

    /**
     * The key fetched again after a signature failed with the cached one, or empty when there is no newer one to
     * try (fetched within the last minute, or not to be had).
     */
    public Optional<RemoteKey> refetchedKey(String keyId) {
        Fetched<RemoteKey> cached = keys.getIfPresent(keyId);
        if (cached != null && cached.at().plus(REFETCH_AFTER).isAfter(clock.instant())) {
            return Optional.empty();
        }
        return fetchKey(keyId);
    }

    /** The actor {@code id}, from the cache or its document. */
    public Optional<RemoteActor> actor(String id) {
        RemoteActor cached = actors.getIfPresent(id);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<RemoteActor> actor = document(id).flatMap(document -> actorOf(document, id));
        actor.ifPresent(found -> actors.put(id, found));
        return actor;
    }

    private Optional<RemoteKey> fetchKey(String keyId) {
        String documentUrl = keyId.contains("#") ? keyId.substring(0, keyId.indexOf('#')) : keyId;
        Optional<RemoteKey> key = document(documentUrl).flatMap(document -> {
            // Mastodon and most others answer the actor at the key's URL; a few serve the key itself, naming its owner
            JsonNode publicKey = document.has("publicKey") ? document.get("publicKey") : document;
            if (publicKey.isArray()) {
                for (JsonNode each : publicKey) {
                    if (keyId.equals(text(each, "id"))) {
                        publicKey = each;
                    }
                }
            }
            String owner = text(publicKey, "owner");
            String pem = text(publicKey, "publicKeyPem");
            if (!keyId.equals(text(publicKey, "id")) || owner == null || pem == null) {
                return Optional.empty();
            }
            if (document.has("publicKey") && !owner.equals(text(document, "id"))) {
                return Optional.empty(); // an actor may not vouch for a key it says is someone else's
            }
            try {
                return Optional.of(new RemoteKey(keyId, owner, HttpSignatures.publicKey(pem)));
            }
            catch (GeneralSecurityException notAnRsaKey) {
                return Optional.empty();
            }
        });
        key.ifPresent(found -> keys.put(keyId, new Fetched<>(found, clock.instant())));
        return key;
    }

    private static Optional<RemoteActor> actorOf(JsonNode document, String id) {
        String inbox = text(document, "inbox");
        if (!id.equals(text(document, "id")) || inbox == null) {
            return Optional.empty();
        }
        JsonNode endpoints = document.get("endpoints");
        String shared = endpoints == null ? null : text(endpoints, "sharedInbox");
        return Optional.of(new RemoteActor(id, inbox, shared));
    }

    /** Whether this service may fetch or post to {@code url}: https, or http to an allowed host. */
    public boolean reachable(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return uri.getHost() != null && (scheme.equals("https")
                    || scheme.equals("http") && outbound.namedInAllowedHosts(uri.getHost()));
        }
        catch (URISyntaxException notAUri) {
            return false;
        }
    }

    private Optional<JsonNode> document(String url) {
        if (!reachable(url)) {
            return Optional.empty();
        }
        try {
            byte[] body = outbound.client().get().uri(URI.create(url)).header("Accept", ACCEPT)
                    .exchange((request, response) -> {
                        if (!response.getStatusCode().is2xxSuccessful()) {
                            return new byte[0];
                        }
                        try (InputStream in = response.getBody()) {
                            return in.readNBytes(MAX_DOCUMENT + 1);
                        }
                    });
            if (body == null || body.length == 0 || body.length > MAX_DOCUMENT) {
                return Optional.empty();
            }
            JsonNode document = json.readTree(body);
            return document.isObject() ? Optional.of(document) : Optional.empty();
        }
        catch (RestClientException | JacksonException | IllegalArgumentException ex) {
            log.info("Could not fetch the ActivityPub document {}: {}", url, ex.toString());
            return Optional.empty();
        }
    }

    public static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() ? value.asString() : null;
    }

    /** A remote actor's key: its id, the actor that owns it, the RSA key. */
    public record RemoteKey(String id, String owner, PublicKey key) {
    }

    /** What this service needs of a remote actor to deliver to it. */
    public record RemoteActor(String id, String inbox, @Nullable String sharedInbox) {
    }

    private record Fetched<T>(T value, Instant at) {
    }
}
