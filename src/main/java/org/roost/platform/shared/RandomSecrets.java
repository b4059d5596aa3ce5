package org.roost.platform.shared;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Secrets handed to people (mailed links, sign-in step tokens): 256 random bits, stored only as their SHA-256, so
 * that a read of the database alone cannot use one. No slow hash is needed: the secret is random, not chosen by a
 * person.
 */
public final class RandomSecrets {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomSecrets() {
    }

    public static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static String hash(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException(missing);
        }
    }
}
