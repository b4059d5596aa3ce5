package org.roost.authorization.server;

import java.util.List;
import java.util.Map;

import org.springframework.security.oauth2.server.authorization.context.AuthorizationServerContextHolder;

/**
 * Both discovery documents say the same, and only what works: each extension adds its endpoints and grant types,
 * and what Spring advertises by default but Roost does not offer is taken out (mutual-TLS client authentication
 * and certificate-bound tokens: the service sees no client certificates behind its proxy), and what works but Spring
 * leaves out is added (public clients' {@code none}). The ID token's algorithms are those of the service's own keys
 * (RS256 or ES256, {@code roost.tokens.signing-algorithm}), not Spring's fixed {@code RS256}.
 */
final class Discovery {

    private static final List<String> UNSUPPORTED_AUTH_METHODS = List.of("tls_client_auth", "self_signed_tls_client_auth");

    private Discovery() {
    }

    static void describe(Map<String, Object> claims, List<AuthorizationServerExtension> extensions,
            List<String> signingAlgorithms) {
        if (claims.containsKey("id_token_signing_alg_values_supported")) { // the OpenID Connect document's only
            claims.put("id_token_signing_alg_values_supported", signingAlgorithms);
        }
        claims.remove("tls_client_certificate_bound_access_tokens");
        for (String member : List.of("token_endpoint_auth_methods_supported", "revocation_endpoint_auth_methods_supported",
                "introspection_endpoint_auth_methods_supported")) {
            if (claims.get(member) instanceof List<?> methods) {
                claims.put(member, methods.stream().filter(m -> !UNSUPPORTED_AUTH_METHODS.contains(m)).toList());
            }
        }
        // Public clients (PKCE, the device grant) authenticate with none, which Spring leaves out
        AuthorizationServerExtension.addTo(claims, "token_endpoint_auth_methods_supported", "none");
        String issuer = AuthorizationServerContextHolder.getContext().getIssuer();
        extensions.forEach(extension -> extension.describe(issuer, claims));
    }
}
