package org.roost.identity.session;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param idleTimeout     a session unused this long is gone
 * @param absoluteTimeout a session this old is gone however busy it is; also the remember-me cookie's lifetime
 */
@ConfigurationProperties("roost.sessions")
public record SessionProperties(String cookieName, Duration idleTimeout, Duration absoluteTimeout) {
}
