package org.roost.authorization.par;

import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Pushed authorization requests ({@code roost.oauth.par.*}, defaults in application.yml).
 *
 * @param requiredFor ids of configured clients that must push their authorization requests (RFC 9126's
 *                    {@code require_pushed_authorization_requests}); a registered client says so in its metadata
 */
@ConfigurationProperties("roost.oauth.par")
record ParProperties(Set<String> requiredFor) {
}
