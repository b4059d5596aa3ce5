package org.roost.platform.origin;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where this service is reached ({@code roost.public-url}, {@code roost.allowed-hosts}; defaults in
 * application.yml, docs/security.md "One public origin").
 *
 * @param publicUrl    the origin every absolute URL the service makes starts with (mail links, the issuer when
 *                     {@code spring.security.oauth2.authorizationserver.issuer} is unset); empty: the issuer, else
 *                     {@code http://localhost:{server.port}}
 * @param allowedHosts host names a request's {@code Host} may name besides the public URL's, the issuer's and the
 *                     loopback names ({@code localhost}, {@code 127.0.0.1}, {@code ::1}); {@code *} allows any
 */
@ConfigurationProperties("roost")
record PublicOriginProperties(String publicUrl, List<String> allowedHosts) {

    PublicOriginProperties {
        publicUrl = publicUrl == null ? "" : publicUrl.strip();
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
    }
}
