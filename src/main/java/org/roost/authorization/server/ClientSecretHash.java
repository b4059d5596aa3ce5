package org.roost.authorization.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Client secrets are stored as {@code {sha256}<hex>}: one SHA-256, unsalted, compared in constant time.
 * A slow, salted hash (bcrypt, Argon2) protects what a person chooses, which an attacker holding the
 * table could guess; a client secret is a long random value that the operator generates (e.g.
 * {@code openssl rand -base64 32}: 256 bits), which no guessing can reach, so a slow hash would only cost every client_credentials grant
 * the 50-100 ms of CPU it was designed to cost. Secrets stored earlier as {@code {bcrypt}} still
 * verify and are rehashed on their next use (Spring Authorization Server's upgradeEncoding).
 * Spring Security's own SHA-256 encoder (MessageDigestPasswordEncoder) is deprecated as a
 * password encoder, hence this small one.
 */
public final class ClientSecretHash implements PasswordEncoder {

    static final String ID = "sha256";

    /** The encoder for every client secret the service stores, configured or registered. */
    public static PasswordEncoder delegating() {
        return new DelegatingPasswordEncoder(ID, Map.of(ID, new ClientSecretHash(), "bcrypt", new BCryptPasswordEncoder()));
    }

    @Override
    public String encode(CharSequence secret) {
        return HexFormat.of().formatHex(digest(secret));
    }

    @Override
    public boolean matches(CharSequence secret, String encoded) {
        if (secret == null || encoded == null || encoded.length() != 64) {
            return false;
        }
        byte[] expected;
        try {
            expected = HexFormat.of().parseHex(encoded);
        }
        catch (IllegalArgumentException notHex) {
            return false;
        }
        return MessageDigest.isEqual(digest(secret), expected);
    }

    private static byte[] digest(CharSequence secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.toString().getBytes(StandardCharsets.UTF_8));
        }
        catch (NoSuchAlgorithmException cannotHappen) {
            throw new IllegalStateException("Every Java runtime has SHA-256", cannotHappen);
        }
    }
}
