package org.roost.identity.session;

import java.security.SecureRandom;
import java.util.Base64;

import org.springframework.session.SessionIdGenerator;

/** 256 random bits per session id; Spring Session's UUIDs carry only 122. */
final class SecureSessionIdGenerator implements SessionIdGenerator {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
