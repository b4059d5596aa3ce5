package org.roost.platform.availability;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.resource.Delay;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Redis calls fail at once while the connection is down, instead of queueing until the command
 * timeout ({@code spring.data.redis.timeout}) and answering late; Lettuce keeps reconnecting in the
 * background, at most {@code roost.redis.client.reconnect-max-delay} apart, so the service
 * recovers by itself soon after Redis returns. Timeouts themselves are Boot properties (application.yml).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "roost.redis.enabled", havingValue = "true")
class RedisClientConfig {

    @Bean
    LettuceClientOptionsBuilderCustomizer failFastWhileDisconnected() {
        return options -> options.autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
    }

    @Bean
    ClientResourcesBuilderCustomizer boundedReconnectDelay(RedisClientProperties properties) {
        return resources -> resources.reconnectDelay(Delay.exponential(Duration.ofMillis(100),
                properties.reconnectMaxDelay(), 2, TimeUnit.MILLISECONDS));
    }
}
