package org.roost.identity.revocation;

import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.core.task.SyncTaskExecutor;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Revocations travel between instances over Redis pub/sub: a message is "jti {jti} {expiry ms}" or
 * "user {id} {before ms}". Redis holds nothing durable here, so losing it loses nothing. Pub/sub
 * channels ignore Redis's database numbers, so the channel sits under {@code roost.redis.namespace}
 * (by default "roost:" and the database the connection really uses, REDIS_URL's included):
 * deployments that share a Redis server do not hear each other's revocations.
 */
@Configuration(proxyBeanMethods = false)
class RedisRevocations {

    private static final Logger log = LoggerFactory.getLogger(RedisRevocations.class);

    @Bean
    @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
    RevocationPublisher localRevocationPublisher() {
        return new RevocationPublisher.Local();
    }

    @Bean
    @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
    RevocationPublisher redisRevocationPublisher(StringRedisTemplate redis,
            @Value("${roost.redis.namespace}") String namespace) {
        String channel = channel(namespace);
        return new RevocationPublisher() {
            @Override
            public void tokenDenied(String jti, Instant expiresAt) {
                send("jti " + jti + " " + expiresAt.toEpochMilli());
            }

            @Override
            public void credentialsRevoked(long userId, Instant before) {
                send("user " + userId + " " + before.toEpochMilli());
            }

            /**
             * Off the request's thread: a logout or a password change is complete once the database
             * has it, and must neither wait for nor fail with Redis (down, or hung until the command
             * timeout). This instance already refuses the credential; the others re-read the database.
             */
            private void send(String message) {
                // A platform thread: what may load classes or read from the jar never runs on a virtual thread
                // (docs/running.md, "Threads")
                Thread.ofPlatform().daemon().name("revocation-publish").start(() -> {
                    try {
                        redis.convertAndSend(channel, message);
                    }
                    catch (RuntimeException ex) {
                        log.warn("Could not publish a revocation; other instances pick it up at their next re-read: {}",
                                ex.getMessage());
                    }
                });
            }
        };
    }

    @Bean
    @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
    RedisMessageListenerContainer revocationListener(RedisConnectionFactory connections, TokenDenylist denylist,
            CredentialRevocations revocations, @Value("${roost.redis.namespace}") String namespace) {
        RedisMessageListenerContainer container = new RedisMessageListenerContainer();
        container.setConnectionFactory(connections);
        // Applied on the thread that read the message: handing each one to a new thread (the default
        // executor) let a request that arrived just after it be checked first, 13-98 ms in about one
        // logout in ten under load (bench/revocation.sh). Applying is a map insert, so it cannot stall Redis I/O.
        container.setTaskExecutor(new SyncTaskExecutor());
        container.setSubscriptionExecutor(new SimpleAsyncTaskExecutor("revocations-subscription-"));
        container.addMessageListener((message, pattern) -> {
            String[] parts = new String(message.getBody(), java.nio.charset.StandardCharsets.UTF_8).split(" ");
            if (parts.length != 3) {
                return;
            }
            try {
                Instant at = Instant.ofEpochMilli(Long.parseLong(parts[2]));
                switch (parts[0]) {
                    case "jti" -> denylist.remember(parts[1], at);
                    case "user" -> revocations.remember(Long.parseLong(parts[1]), at);
                    default -> log.debug("Ignoring an unknown revocation message");
                }
            }
            catch (NumberFormatException ex) {
                log.debug("Ignoring a malformed revocation message");
            }
        }, new ChannelTopic(channel(namespace)));
        return container;
    }

    static String channel(String namespace) {
        return namespace + ":revocations";
    }
}
