package org.roost.platform.availability;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param reconnectMaxDelay the longest wait between two reconnection attempts while Redis is down
 *                          (Lettuce's own default is 30 s: that long after Redis returns, sessions
 *                          would still be answered with 503)
 */
@ConfigurationProperties("roost.redis.client")
record RedisClientProperties(Duration reconnectMaxDelay) {
}
