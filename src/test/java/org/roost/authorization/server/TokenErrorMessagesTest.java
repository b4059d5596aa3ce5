package org.roost.authorization.server;

import org.roost.authorization.signingkeys.SigningKeys;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** A refused bearer token says what was wrong with it, in the body and in WWW-Authenticate, and nothing secret. */
@IntegrationTest
class TokenErrorMessagesTest {

    private static final String ISSUER = "http://localhost";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    SigningKeys keys;

    long userId;

    @BeforeEach
    void user() {
        userId = new ApiClient(mvc).signUp(ApiClient.uniqueUsername("tess"));
    }

    @Test
    void saysTheTokenHasExpired() throws Exception {
        // given
        Instant past = Instant.now().minusSeconds(3600);
        String token = sign(ourKey(), claims().issueTime(Date.from(past)).notBeforeTime(Date.from(past))
                .expirationTime(Date.from(Instant.now().minusSeconds(120))).build());

        // when / then
        assertRefusedWith(get(token), "The token has expired");
    }

    @Test
    void namesTheExpectedIssuerAndWhy() throws Exception {
        // given a token obtained at another origin
        String token = sign(ourKey(), claims().issuer("http://127.0.0.1:8080").build());

        // when
        MvcTestResult result = get(token);

        // then
        assertRefusedWith(result, "expects \"http://localhost\"");
        assertThat(message(result)).contains("localhost and 127.0.0.1 differ")
                .contains("spring.security.oauth2.authorizationserver.issuer");
    }

    @Test
    void saysTheTokenIsForAnotherAudience() throws Exception {
        // given
        String token = sign(ourKey(), claims().audience("some-other-api").build());

        // when / then
        assertRefusedWith(get(token), "not meant for this API");
    }

    @Test
    void saysAJwtWithoutTheAccessTokenTypeIsNoAccessToken() throws Exception {
        // given our key's signature and valid claims, but the type of an ID token or any other JWT
        for (String typ : new String[] { "JWT", "" }) {
            JWSHeader.Builder header = new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(ourKey().getKeyID());
            if (!typ.isEmpty()) {
                header.type(new com.nimbusds.jose.JOSEObjectType(typ));
            }
            SignedJWT jwt = new SignedJWT(header.build(), claims().build());
            jwt.sign(new RSASSASigner(ourKey()));

            // when / then
            assertRefusedWith(get(jwt.serialize()), "not an access token");
        }
    }

    @Test
    void saysTheTokenWasRevoked() {
        // given a first-party token that was logged out
        String username = ApiClient.uniqueUsername("rita");
        new ApiClient(mvc).signUp(username);
        String access = Json.of(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD))
                .exchange()).get("access_token").asString();
        assertThat(mvc.post().uri("/auth/logout").header("Authorization", "Bearer " + access)).hasStatus(204);

        // when / then
        assertRefusedWith(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + access)
                .exchange(), "The token has been revoked");
    }

    @Test
    void saysTheSignatureDoesNotVerifyForAStrangersKeyOrAnUnknownKid() throws Exception {
        // given
        RSAKey stranger = new RSAKeyGenerator(2048).keyID(ourKey().getKeyID()).generate();
        RSAKey renamed = new RSAKey.Builder(ourKey()).keyID("no-such-key").build();

        // when / then
        assertRefusedWith(get(sign(stranger, claims().build())), "signature does not verify");
        assertRefusedWith(get(sign(renamed, claims().build())), "signature does not verify");
    }

    @Test
    void saysAMalformedTokenIsNotAJwt() {
        // when / then
        assertRefusedWith(get("not.a.jwt"), "not a well-formed JWT");
    }

    private static void assertRefusedWith(MvcTestResult result, String reason) {
        assertThat(result).hasStatus(401);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
        assertThat(message(result)).contains(reason).doesNotContain("Jwt").doesNotContain("Exception")
                .doesNotContain("nimbus");
        assertThat(result.getResponse().getHeader("WWW-Authenticate")).startsWith("Bearer error=\"invalid_token\"")
                .contains(reason.replace('"', '\''));
    }

    private static String message(MvcTestResult result) {
        return Json.of(result).at("/error/message").asString();
    }

    private MvcTestResult get(String token) {
        return mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + token).exchange();
    }

    private JWTClaimsSet.Builder claims() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(ISSUER).subject(Long.toString(userId)).audience("roost-api")
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300)))
                .jwtID(UUID.randomUUID().toString()).claim("scope", "users:read posts:read")
                .claim("iat_ms", now.toEpochMilli());
    }

    private RSAKey ourKey() {
        return (RSAKey) keys.current();
    }

    private static String sign(RSAKey key, JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
                .type(new com.nimbusds.jose.JOSEObjectType("at+jwt")).build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }
}
