package org.roost.authorization.signingkeys;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.stereotype.Component;

/**
 * Signs every token of the service, first-party and OAuth alike, with the current key: whatever
 * algorithm and key id a caller asked for, the header names the current key's.
 */
@Component
class SigningJwtEncoder implements JwtEncoder {

    private final SigningKeys keys;
    private final Map<String, JwtEncoder> byKid = new ConcurrentHashMap<>();

    SigningJwtEncoder(SigningKeys keys) {
        this.keys = keys;
    }

    @Override
    public Jwt encode(JwtEncoderParameters parameters) {
        JWK key = keys.current();
        JwsHeader requested = parameters.getJwsHeader();
        JwsHeader.Builder header = requested == null ? JwsHeader.with(algorithm(key)) : JwsHeader.from(requested);
        header.algorithm(algorithm(key)).keyId(key.getKeyID());
        JwtEncoder encoder = byKid.computeIfAbsent(key.getKeyID(),
                kid -> new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(key))));
        return encoder.encode(JwtEncoderParameters.from(header.build(), parameters.getClaims()));
    }

    private static SignatureAlgorithm algorithm(JWK key) {
        SignatureAlgorithm algorithm = SignatureAlgorithm.from(key.getAlgorithm().getName());
        if (algorithm == null) {
            throw new IllegalStateException("Unsupported key algorithm");
        }
        return algorithm;
    }
}
