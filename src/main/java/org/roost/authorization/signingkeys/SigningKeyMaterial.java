package org.roost.authorization.signingkeys;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;

/**
 * Where a new signing key's material comes from. The service generates it ({@link #GENERATED}); a bean of this type
 * replaces that. The tests' one hands every application in a test JVM the same generated key under a new key id:
 * generating a 2048-bit RSA key was about a fifth of each test start-up's CPU (the test JVMs compile with C1 only,
 * which has no intrinsics for BigInteger's arithmetic), and the suite starts some forty applications.
 */
@FunctionalInterface
public interface SigningKeyMaterial {

    /** A new key for signing with {@code algorithm} ({@code RS256} or {@code ES256}), named {@code kid}. */
    JWK create(String algorithm, String kid) throws JOSEException;

    SigningKeyMaterial GENERATED = (algorithm, kid) -> switch (algorithm) {
        case "ES256" -> new ECKeyGenerator(Curve.P_256).keyID(kid).keyUse(KeyUse.SIGNATURE)
                .algorithm(JWSAlgorithm.ES256).generate();
        case "RS256" -> new RSAKeyGenerator(2048).keyID(kid).keyUse(KeyUse.SIGNATURE)
                .algorithm(JWSAlgorithm.RS256).generate();
        default -> throw new IllegalStateException("roost.tokens.signing-algorithm must be RS256 or ES256");
    };
}
