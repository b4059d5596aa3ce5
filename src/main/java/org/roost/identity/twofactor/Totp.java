package org.roost.identity.twofactor;

import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

import javax.crypto.spec.SecretKeySpec;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import org.apache.commons.codec.binary.Base32;

/**
 * RFC 6238 with the parameters every authenticator app supports: HMAC-SHA1, six digits, 30-second steps, a
 * 160-bit secret shown in Base32. A code of the step before or after the current one is accepted too (clocks
 * drift); {@link #match} tells which step matched, so that a code is accepted only once.
 */
final class Totp {

    static final Duration STEP = Duration.ofSeconds(30);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base32 BASE32 = new Base32();

    private Totp() {
    }

    static String newSecret() {
        byte[] secret = new byte[20];
        RANDOM.nextBytes(secret);
        return BASE32.encodeToString(secret).replace("=", "");
    }

    /** The step whose code {@code code} is, among the current one and its neighbours. */
    static OptionalLong match(String secret, String code, Instant now) {
        if (!code.matches("\\d{6}")) {
            return OptionalLong.empty();
        }
        long current = now.getEpochSecond() / STEP.toSeconds();
        for (long step = current - 1; step <= current + 1; step++) {
            if (code(secret, step).equals(code)) {
                return OptionalLong.of(step);
            }
        }
        return OptionalLong.empty();
    }

    static String code(String secret, long step) {
        TimeBasedOneTimePasswordGenerator generator = new TimeBasedOneTimePasswordGenerator(STEP);
        try {
            int code = generator.generateOneTimePassword(new SecretKeySpec(BASE32.decode(secret), generator.getAlgorithm()),
                    Instant.ofEpochSecond(step * STEP.toSeconds()));
            return "%06d".formatted(code);
        }
        catch (InvalidKeyException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
