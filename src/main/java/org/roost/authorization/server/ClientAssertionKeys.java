package org.roost.authorization.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.roost.platform.outbound.OutboundRequests;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderFactory;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.server.authorization.authentication.JwtClientAssertionDecoderFactory;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;

/**
 * The decoders of {@code private_key_jwt} client assertions: Spring's, except that the client's {@code jwks_uri} (a
 * URL the client supplied) is fetched through {@link OutboundRequests}, so it can reach no internal address and
 * follows no redirect; Spring's factory fetches with a plain RestTemplate and offers no way to change it. The
 * assertion's claims are checked by Spring's own validator; {@code client_secret_jwt} needs no fetch and stays
 * Spring's. A decoder is kept per client and key set URL, as Spring keeps them.
 */
final class ClientAssertionKeys implements JwtDecoderFactory<RegisteredClient> {

    private final JwtClientAssertionDecoderFactory spring = new JwtClientAssertionDecoderFactory();
    private final Map<String, JwtDecoder> decoders = new ConcurrentHashMap<>();
    private final OutboundRequests outbound;

    ClientAssertionKeys(OutboundRequests outbound) {
        this.outbound = outbound;
    }

    @Override
    public JwtDecoder createDecoder(RegisteredClient client) {
        String jwkSetUrl = client.getClientSettings().getJwkSetUrl();
        if (!client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.PRIVATE_KEY_JWT)
                || jwkSetUrl == null || jwkSetUrl.isBlank()) {
            return spring.createDecoder(client);
        }
        JwsAlgorithm algorithm = client.getClientSettings().getTokenEndpointAuthenticationSigningAlgorithm();
        if (algorithm != null && !(algorithm instanceof SignatureAlgorithm)) {
            throw new OAuth2AuthenticationException(new OAuth2Error("invalid_client",
                    "private_key_jwt needs a signature algorithm", null));
        }
        SignatureAlgorithm signing = algorithm == null ? SignatureAlgorithm.RS256 : (SignatureAlgorithm) algorithm;
        return decoders.computeIfAbsent(client.getId() + " " + jwkSetUrl + " " + signing.getName(), key -> {
            NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSetUri(jwkSetUrl).jwsAlgorithm(signing)
                    .restOperations(outbound.restTemplate()).build();
            decoder.setJwtValidator(JwtClientAssertionDecoderFactory.DEFAULT_JWT_VALIDATOR_FACTORY.apply(client));
            return decoder;
        });
    }
}
