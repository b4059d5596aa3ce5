package org.roost.authorization.passkeys;

import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The relying party that passkeys are made for ({@code roost.passkeys.*}, defaults for localhost in application.yml).
 *
 * @param rpId           the domain passkeys belong to (production: the site's host, e.g. {@code roost.example.com});
 *                       a passkey made for another domain is never offered here, and one signed for another is refused
 * @param rpName         the name authenticators show beside the account
 * @param allowedOrigins the exact origins (scheme, host, port) whose pages may run the ceremonies; empty (the
 *                       default): the service's public origin ({@link PasskeyOrigins})
 */
@ConfigurationProperties("roost.passkeys")
record PasskeyProperties(String rpId, String rpName, Set<String> allowedOrigins) {

    PasskeyProperties {
        allowedOrigins = allowedOrigins == null ? Set.of() : Set.copyOf(allowedOrigins);
    }
}
