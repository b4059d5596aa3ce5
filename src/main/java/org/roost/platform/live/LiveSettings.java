package org.roost.platform.live;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Delivery of subscription events ({@code roost.live.*}, defaults in application.yml).
 *
 * @param subscriberBuffer events one subscriber may fall behind before its stream is ended with an error
 * @param sseHeartbeat     the interval of heartbeat comments on an idle Server-Sent Events stream
 * @param channel          the pub/sub channel's name after the deployment's Redis namespace
 */
@ConfigurationProperties("roost.live")
public record LiveSettings(int subscriberBuffer, Duration sseHeartbeat, String channel) {
}
