package org.roost.social.activitypub;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.roost.platform.outbound.OutboundRequests;
import org.roost.social.activitypub.signatures.HttpSignatures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClientException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends the {@code Accept} of a remote Follow to the follower's inbox, signed by the followed person's key
 * (draft-cavage {@code rsa-sha256} over {@code (request-target) host date digest}, as the inbox requires of
 * others). Called once the follow is committed, and run on a small pool of its own so that the inbox's 202 never
 * waits for the follower's server; each attempt is bounded by the outbound timeouts. One attempt only in this
 * slice: a follower whose server was down re-sends its Follow (Mastodon does), and durable retried deliveries
 * are the next slice's (docs/activitypub.md, "Not supported yet").
 */
@Component
class AcceptDeliveries implements DisposableBean {

    static final String ACTIVITY_JSON = "application/activity+json";
    private static final Logger log = LoggerFactory.getLogger(AcceptDeliveries.class);

    private final ActorKeys keys;
    private final ActivityPubUrls urls;
    private final OutboundRequests outbound;
    private final Clock clock;
    private final JsonMapper json = JsonMapper.builder().build();
    // two senders and a bounded queue: a flood of Follows cannot make this service hold unbounded work
    private final ThreadPoolExecutor senders = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(1000), Thread.ofPlatform().name("activitypub-accept-", 0).daemon().factory());

    AcceptDeliveries(ActorKeys keys, ActivityPubUrls urls, OutboundRequests outbound, Clock clock) {
        this.keys = keys;
        this.urls = urls;
        this.outbound = outbound;
        this.clock = clock;
    }

    /** Queues the Accept of {@code follow} (its id, actor and object) from {@code userId} to {@code inbox}. */
    void accept(long userId, String inbox, Follow follow) {
        try {
            senders.execute(() -> deliver(userId, inbox, follow));
        }
        catch (RejectedExecutionException full) {
            log.warn("The Accept of {} was not sent: too many are waiting; the follower may send its Follow again",
                    follow.id());
        }
    }

    private void deliver(long userId, String inbox, Follow follow) {
        Map<String, Object> accept = new LinkedHashMap<>();
        accept.put("@context", ActivityStreams.CONTEXT);
        accept.put("id", urls.actor(userId) + "#accepts/" + UUID.randomUUID());
        accept.put("type", "Accept");
        accept.put("actor", urls.actor(userId));
        accept.put("object", Map.of("id", follow.id(), "type", "Follow", "actor", follow.actor(), "object", follow.object()));
        byte[] body = json.writeValueAsString(accept).getBytes(StandardCharsets.UTF_8);
        try {
            URI uri = URI.create(inbox);
            String host = uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
            String target = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            String date = HttpSignatures.httpDate(clock.instant());
            String digest = HttpSignatures.digest(body);
            Map<String, String> signed = Map.of("host", host, "date", date, "digest", digest);
            String signingString = HttpSignatures.signingString(HttpSignatures.REQUIRED, "POST", target, signed::get)
                    .orElseThrow();
            String signature = "keyId=\"" + urls.key(userId) + "\",algorithm=\"rsa-sha256\",headers=\""
                    + String.join(" ", HttpSignatures.REQUIRED) + "\",signature=\""
                    + HttpSignatures.sign(keys.privateKey(userId), signingString) + "\"";
            outbound.client().post().uri(uri).header("Date", date).header("Digest", digest)
                    .header("Signature", signature).header("Content-Type", ACTIVITY_JSON).header("Accept", ACTIVITY_JSON)
                    .body(body).retrieve().toBodilessEntity();
        }
        catch (RestClientException | IllegalArgumentException ex) {
            log.warn("The Accept of {} could not be delivered to {}: {}", follow.id(), inbox, ex.toString());
        }
    }

    @Override
    public void destroy() throws InterruptedException {
        senders.shutdown();
        senders.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** The Follow being accepted, as the Accept repeats it. */
    record Follow(String id, String actor, String object) {
    }
}
