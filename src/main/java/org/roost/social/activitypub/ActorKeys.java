package org.roost.social.activitypub;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.time.Clock;
import java.util.Base64;

import org.roost.platform.shared.ApiException;
import org.roost.social.activitypub.signatures.HttpSignatures;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

/**
 * Each person's RSA key (2048 bits, as Mastodon's and what every server verifies), made the first time it is needed
 * and kept: the public half is published on the actor, the private half signs what is sent in their name (the Accept of a follow) (docs/activitypub.md).
 */
@Component
class ActorKeys {

    static final int BITS = 2048;

    private final ActorKeyRepository keys;
    private final Clock clock;

    ActorKeys(ActorKeyRepository keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** The person's public key as SubjectPublicKeyInfo PEM, made now if they have none yet. */
    String publicKeyPem(long userId) {
        return keys.publicKeyPem(userId).orElseGet(() -> make(userId));
    }

    /** The person's private key, to sign what is sent in their name; made now if they have none yet. */
    PrivateKey privateKey(long userId) {
        publicKeyPem(userId);
        String pem = keys.privateKeyPem(userId).orElseThrow(() -> ApiException.notFound("The user"));
        try {
            return HttpSignatures.privateKey(pem);
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException("The key kept for user " + userId + " is not an RSA key", ex);
        }
    }

    private String make(long userId) {
        KeyPair pair = generate();
        try {
            keys.insertIfAbsent(userId, pem("PUBLIC KEY", pair.getPublic().getEncoded()),
                    pem("PRIVATE KEY", pair.getPrivate().getEncoded()), clock.instant());
        }
        catch (DataIntegrityViolationException deletedMeanwhile) {
            throw ApiException.notFound("The user");
        }
        // read back rather than return ours: a racing first read may have kept its own pair
        return keys.publicKeyPem(userId).orElseThrow(() -> ApiException.notFound("The user"));
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(BITS);
            return generator.generateKeyPair();
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("Every Java runtime has RSA", ex);
        }
    }

    /**
     * PEM as RFC 7468 writes it. {@code getEncoded()} is already the DER of SubjectPublicKeyInfo (public) and
     * PKCS#8 (private); the JDK's own PEM encoder is still a preview API in Java 25.
     */
    static String pem(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }
}
