package org.roost.authorization.registration;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which redirect URIs a registered app may have: {@code https} with a host, or {@code http} on a loopback address
 * for native apps (RFC 8252: {@code 127.0.0.1}, {@code [::1]}, {@code localhost}); never {@code javascript:},
 * {@code data:} or any other scheme, never a fragment (RFC 6749, 3.1.2), never a wildcard, never user information,
 * at most 2,000 characters. Matching stays exact (the authorization server compares character for character).
 */
final class RedirectUriRules {

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "[::1]", "localhost");

    private RedirectUriRules() {
    }

    /** Why {@code uri} cannot be a redirect URI, or empty when it can. */
    static Optional<String> problem(String uri) {
        if (uri.isBlank() || uri.length() > 2000) {
            return Optional.of("must be a URI of at most 2000 characters");
        }
        if (uri.contains("*")) {
            return Optional.of("must not contain a wildcard");
        }
        URI parsed;
        try {
            parsed = new URI(uri);
        }
        catch (URISyntaxException ex) {
            return Optional.of("is not a valid URI");
        }
        String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
        if (parsed.getRawFragment() != null || uri.contains("#")) {
            return Optional.of("must not have a fragment");
        }
        if (parsed.getRawUserInfo() != null) {
            return Optional.of("must not carry user information");
        }
        String host = parsed.getHost() == null ? "" : parsed.getHost().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "https" -> host.isEmpty() ? Optional.of("must name a host") : Optional.empty();
            case "http" -> LOOPBACK.contains(host) ? Optional.empty()
                    : Optional.of("must use https, or http only on a loopback address (127.0.0.1, [::1], localhost)");
            default -> Optional.of("must use https, or http on a loopback address");
        };
    }
}
