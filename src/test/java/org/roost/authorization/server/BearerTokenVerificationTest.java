package org.roost.authorization.server;

import org.roost.authorization.signingkeys.SigningKeys;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.UUID;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every way a forged or stale bearer token must fail, each next to a control that the same
 * construction with honest values succeeds, so that a failure here means the check, not the setup.
 */
@IntegrationTest
class BearerTokenVerificationTest {

    private static final String ISSUER = "http://localhost";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    SigningKeys keys;

    long userId;

    @BeforeEach
    void user() {
        userId = new ApiClient(mvc).signUp(ApiClient.uniqueUsername("vera"));
    }

    @Test
    void acceptsAnHonestTokenSignedWithOurKey() throws Exception {
        // given
        String token = sign(ourKey(), claims().build());

        // when / then
        assertThat(get(token)).hasStatus(200);
    }

    @ParameterizedTest
    @ValueSource(strings = { "none", "None", "NONE", "nOnE", "NoNe" })
    void rejectsAlgNoneInEveryCasing(String alg) {
        // given an unsigned token with honest claims
        String header = b64("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}");
        String token = header + "." + b64(claims().build().toString()) + ".";

        // when / then
        assertInvalid(get(token));
        assertInvalid(get(header + "." + b64(claims().build().toString())));
    }

    @Test
    void rejectsAPayloadEditedUnderTheOldSignature() throws Exception {
        // given a genuine token whose payload is swapped for another user's id
        String genuine = sign(ourKey(), claims().build());
        String[] parts = genuine.split("\\.");
        String edited = parts[0] + "." + b64(claims().subject(Long.toString(userId + 1)).build().toString()) + "." + parts[2];

        // when / then
        assertThat(get(genuine)).hasStatus(200);
        assertInvalid(get(edited));
    }

    @Test
    void rejectsHs256SignedWithThePublicKey() throws Exception {
        // given the published public key used as an HMAC secret (key confusion)
        RSAKey ours = ourKey();
        byte[] publicKeyBytes = ours.toRSAPublicKey().getEncoded();
        for (byte[] secret : List.of(publicKeyBytes, ours.toPublicJWK().toJSONString().getBytes(StandardCharsets.UTF_8))) {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(ours.getKeyID()).build(),
                    claims().build());
            jwt.sign(new MACSigner(secret));

            // when / then
            assertInvalid(get(jwt.serialize()));
        }
    }

    @Test
    void rejectsATokenFromAKeyThatIsNotOurs() throws Exception {
        // given a stranger's key presenting our key id, and one with its own id and an embedded jwk/jku
        RSAKey stranger = new RSAKeyGenerator(2048).keyID(ourKey().getKeyID()).generate();
        RSAKey strangerWithOwnId = new RSAKeyGenerator(2048).keyID(UUID.randomUUID().toString()).generate();
        SignedJWT embedded = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(strangerWithOwnId.getKeyID())
                .jwk(strangerWithOwnId.toPublicJWK()).jwkURL(java.net.URI.create("http://127.0.0.1:9/jwks")).build(),
                claims().build());
        embedded.sign(new RSASSASigner(strangerWithOwnId));

        // when / then
        assertInvalid(get(sign(stranger, claims().build())));
        assertInvalid(get(embedded.serialize()));
    }

    @Test
    void rejectsAnUnknownKid() throws Exception {
        // given our own key's signature under a key id we never issued
        RSAKey renamed = new RSAKey.Builder(ourKey()).keyID("no-such-key").build();

        // when / then
        assertInvalid(get(sign(renamed, claims().build())));
    }

    @Test
    void rejectsExpiredToken() throws Exception {
        // given a token that expired beyond the allowed clock skew
        Instant past = Instant.now().minusSeconds(3600);
        String token = sign(ourKey(), claims().issueTime(Date.from(past)).notBeforeTime(Date.from(past))
                .expirationTime(Date.from(Instant.now().minusSeconds(120))).build());

        // when / then
        assertInvalid(get(token));
    }

    @Test
    void rejectsTokenNotYetValid() throws Exception {
        // given
        String token = sign(ourKey(), claims().notBeforeTime(Date.from(Instant.now().plusSeconds(600))).build());

        // when / then
        assertInvalid(get(token));
    }

    @Test
    void rejectsWrongIssuer() throws Exception {
        // given
        String token = sign(ourKey(), claims().issuer("http://evil.example").build());

        // when / then
        assertInvalid(get(token));
    }

    @Test
    void rejectsWrongOrMissingAudience() throws Exception {
        // given
        String wrong = sign(ourKey(), claims().audience("some-other-api").build());
        String missing = sign(ourKey(), claims().audience((String) null).build());

        // when / then
        assertInvalid(get(wrong));
        assertInvalid(get(missing));
    }

    @Test
    void rejectsATokenWithoutExpiry() throws Exception {
        // given
        String token = sign(ourKey(), claims().expirationTime(null).build());

        // when / then
        assertInvalid(get(token));
    }

    @Test
    void keepsVerifyingTheOldKeyAfterRotationAndPublishesTheNewOneFirst() throws Exception {
        // given a token signed with the current key (as stored now: another test context may have reset the schema)
        keys.maintain();
        RSAKey old = ourKey();
        String before = sign(old, claims().build());

        // when a new key is started
        keys.rotate();

        // then both are published, the old one still signs during publication and still verifies
        var published = Json.of(mvc.get().uri("/oauth2/jwks").exchange()).get("keys");
        assertThat(published.size()).isGreaterThanOrEqualTo(2);
        assertThat(published.toString()).doesNotContain("\"d\"");
        assertThat(ourKey().getKeyID()).isEqualTo(old.getKeyID());
        assertThat(get(before)).hasStatus(200);
        RSAKey newest = (RSAKey) keys.privateKeys().stream()
                .filter(k -> !k.getKeyID().equals(old.getKeyID())).reduce((a, b) -> b).orElseThrow();
        assertThat(get(sign(newest, claims().build()))).hasStatus(200);
        assertThat(keys.get(new com.nimbusds.jose.jwk.JWKSelector(new com.nimbusds.jose.jwk.JWKMatcher.Builder().build()), null))
                .as("verification never sees private keys").allMatch(k -> !k.isPrivate());
    }

    private MvcTestResult get(String token) {
        return mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + token).exchange();
    }

    private static void assertInvalid(MvcTestResult result) {
        assertThat(result).hasStatus(401);
        assertThat(Json.of(result).at("/error/code").asString()).isEqualTo("INVALID_TOKEN");
        assertThat(result.getResponse().getHeader("WWW-Authenticate")).contains("Bearer error=\"invalid_token\"");
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
        JWSSigner signer = new RSASSASigner(key);
        jwt.sign(signer);
        return jwt.serialize();
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
