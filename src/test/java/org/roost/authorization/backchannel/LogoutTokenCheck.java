package org.roost.authorization.backchannel;

import java.security.Key;
import java.time.Instant;
import java.util.Map;

import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.roost.support.HttpSession;

import static org.assertj.core.api.Assertions.assertThat;

/** What a client checks of a logout token (OIDC Back-Channel Logout 1.0, 2.6), against the server's JWKS. */
final class LogoutTokenCheck {

    private LogoutTokenCheck() {
    }

    /** Verifies the signature and the claims; returns the claims. */
    static JWTClaimsSet verified(String token, String base, String issuer, String clientId, String subject, String sid)
            throws Exception {
        SignedJWT jwt = SignedJWT.parse(token);
        assertThat(jwt.getHeader().getType()).hasToString("logout+jwt");
        JWK jwk = JWKSet.parse(new HttpSession(base).get("/oauth2/jwks").body()).getKeyByKeyId(jwt.getHeader().getKeyID());
        assertThat(jwk).as("the signing key is published").isNotNull();
        Key key = jwk instanceof RSAKey rsa ? rsa.toPublicKey() : ((ECKey) jwk).toPublicKey();
        assertThat(jwt.verify(new DefaultJWSVerifierFactory().createJWSVerifier(jwt.getHeader(), key))).isTrue();
        JWTClaimsSet claims = jwt.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo(issuer);
        assertThat(claims.getAudience()).containsExactly(clientId);
        assertThat(claims.getSubject()).isEqualTo(subject);
        assertThat(claims.getStringClaim("sid")).isEqualTo(sid);
        assertThat(claims.getJWTID()).isNotBlank();
        assertThat(claims.getIssueTime().toInstant()).isBefore(Instant.now().plusSeconds(5));
        assertThat(claims.getExpirationTime().toInstant()).isAfter(Instant.now());
        assertThat(claims.getClaim("nonce")).isNull();
        assertThat(claims.getJSONObjectClaim("events"))
                .containsExactly(Map.entry("http://schemas.openid.net/event/backchannel-logout", Map.of()));
        return claims;
    }
}
