package org.roost.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.UUID;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

/** A client's DPoP key (RFC 9449), making proofs for the token endpoint and for resource requests. */
public final class DPoPKey {

    private final ECKey key;

    private DPoPKey(ECKey key) {
        this.key = key;
    }

    public static DPoPKey generate() {
        try {
            return new DPoPKey(new ECKeyGenerator(Curve.P_256).generate());
        }
        catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key's thumbprint, as a bound token's {@code cnf.jkt} names it. */
    public String thumbprint() {
        try {
            return key.toPublicJWK().computeThumbprint().toString();
        }
        catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A proof for a token request. */
    public String proof(String method, String url) {
        return proof(method, url, null);
    }

    /** A proof for a request that presents {@code accessToken} ({@code ath}), or for a token request when null. */
    public String proof(String method, String url, String accessToken) {
        try {
            JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().claim("htm", method).claim("htu", url)
                    .issueTime(Date.from(Instant.now())).jwtID(UUID.randomUUID().toString());
            if (accessToken != null) {
                byte[] hash = MessageDigest.getInstance("SHA-256").digest(accessToken.getBytes(StandardCharsets.US_ASCII));
                claims.claim("ath", Base64.getUrlEncoder().withoutPadding().encodeToString(hash));
            }
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).type(new JOSEObjectType("dpop+jwt"))
                    .jwk(key.toPublicJWK()).build(), claims.build());
            jwt.sign(new ECDSASigner(key));
            return jwt.serialize();
        }
        catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
