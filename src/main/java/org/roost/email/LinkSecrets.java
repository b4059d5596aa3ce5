package org.roost.email;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The secrets in mailed links: 256 random bits, stored only as their SHA-256 (a database read alone cannot
 * follow a link). No slow hash is needed: the secret is random, not chosen by a person.
 */
public final class LinkSecrets {

    private static final SecureRandom RANDOM = new SecureRandom();

    private LinkSecrets() {
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
