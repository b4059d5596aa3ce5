package org.roost;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.roost.authorization.token.TokenProperties;
import org.roost.support.Json;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bearer tokens carrying exactly one scope (or none). A client's token comes from the authorization server's own
 * {@code client_credentials} grant. A user's token is signed by the service's own encoder with the claims the
 * authorization server gives a delegated token: the consent flow cannot grant no scope, nor {@code users:write}.
 */
final class ScopedTokens {

    /** The demo confidential client of application.yml, which may ask for every OAuth scope for itself. */
    private static final String CLIENT = "roost-demo-service:demo-service-secret";

    private final MockMvcTester mvc;
    private final JwtEncoder encoder;
    private final TokenProperties properties;
    private final Map<String, String> clientTokens = new HashMap<>();
    private final Map<String, String> userTokens = new HashMap<>();

    ScopedTokens(MockMvcTester mvc, JwtEncoder encoder, TokenProperties properties) {
        this.mvc = mvc;
        this.encoder = encoder;
        this.properties = properties;
    }

    /**
     * A delegated token of the user with this one scope ({@code ""}: none), minted once per user and scope for this
     * object's life (one test): signing with the service's RSA key was over half of the matrix's time, a private-key
     * operation per request (the test JVMs run C1 only, which has no intrinsics for BigInteger's multiplication).
     */
    String user(long userId, String scope) {
        return userTokens.computeIfAbsent(userId + " " + scope, key -> mint(userId, scope));
    }

    private String mint(long userId, String scope) {
        Instant now = Instant.now();
        JwtClaimsSet claims = JwtClaimsSet.builder().issuer("http://localhost").subject(Long.toString(userId))
                .audience(List.of(properties.audience())).issuedAt(now).notBefore(now).expiresAt(now.plusSeconds(600))
                .id(UUID.randomUUID().toString()).claim("scope", scope).claim("iat_ms", now.toEpochMilli())
                // as a token minted by a sign-in just now: the matrix is about scopes; re-authentication has its own tests
                .claim("auth_time", now.getEpochSecond()).build();
        return encoder.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).type("at+jwt").build(), claims))
                .getTokenValue();
    }

    /** A client-credentials token of the demo service with this one scope ({@code ""}: none). */
    String client(String scope) {
        return clientTokens.computeIfAbsent(scope, requested -> {
            var request = mvc.post().uri("/oauth2/token")
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(CLIENT.getBytes(StandardCharsets.UTF_8)))
                    .param("grant_type", "client_credentials");
            MvcTestResult result = (requested.isEmpty() ? request : request.param("scope", requested)).exchange();
            assertThat(result).as("client_credentials token for '%s'", requested).hasStatus(200);
            assertThat(Json.of(result).path("scope").asString("")).isEqualTo(requested);
            return Json.field(result, "access_token");
        });
    }
}
