package org.roost.identity.session;

import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.session.MapSession;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.SessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;
import org.springframework.session.data.redis.RedisSessionRepository;
import org.springframework.session.web.http.CookieSerializer;

/**
 * Sessions live behind Spring Session: in memory by default, in Redis (the non-indexed repository)
 * when Redis is configured, so that any instance serves any session.
 */
@Configuration(proxyBeanMethods = false)
@EnableSpringHttpSession
class SessionConfig {

    /**
     * Every module's scheduled jobs (re-reads of denials and keys, deliveries, maintenance, purges): on unless
     * {@code roost.scheduling.enabled} is false, which only test contexts that check none of them set, to keep their
     * CPU for the tests (docs/testing.md, "Shared configurations").
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "roost.scheduling.enabled", matchIfMissing = true)
    @EnableScheduling
    static class ScheduledJobs {
    }

    @Bean
    CookieSerializer cookieSerializer(SessionProperties properties) {
        return new SessionCookieSerializer(properties.cookieName(), properties.absoluteTimeout());
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "false", matchIfMissing = true)
    static class InMemory {

        private final ConcurrentHashMap<String, org.springframework.session.Session> store = new ConcurrentHashMap<>();

        @Bean
        MapSessionRepository sessionRepository(SessionProperties properties) {
            MapSessionRepository repository = new MapSessionRepository(store);
            repository.setDefaultMaxInactiveInterval(properties.idleTimeout());
            repository.setSessionIdGenerator(new SecureSessionIdGenerator());
            return repository;
        }

        /** The map repository only drops expired sessions when they are read; this keeps memory bounded. */
        @Scheduled(fixedDelayString = "PT1M")
        void purgeExpired() {
            store.values().removeIf(session -> session instanceof MapSession map && map.isExpired());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
    static class InRedis {

        @Bean
        SessionRepository<?> sessionRepository(RedisConnectionFactory connections, SessionProperties properties,
                @Value("${roost.redis.namespace}") String namespace) {
            RedisTemplate<String, Object> template = new RedisTemplate<>();
            template.setConnectionFactory(connections);
            template.setKeySerializer(RedisSerializer.string());
            template.setHashKeySerializer(RedisSerializer.string());
            template.afterPropertiesSet();
            RedisSessionRepository repository = new RedisSessionRepository(template);
            repository.setDefaultMaxInactiveInterval(properties.idleTimeout());
            repository.setRedisKeyNamespace(namespace + ":sessions");
            repository.setSessionIdGenerator(new SecureSessionIdGenerator());
            return new EndedSessionTolerantRepository<>(repository);
        }
    }
}
