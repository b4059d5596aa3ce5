package org.roost.authorization.passkeys;

import java.io.Serial;

import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;

/**
 * The user a passkey proved, and whether the authenticator verified them (the UV flag: a PIN, a fingerprint, a face).
 * Without it a passkey is one factor, something you have: it does not pass for two, nor for a re-authentication.
 */
record VerifiedUserEntity(PublicKeyCredentialUserEntity entity, boolean userVerified) implements PublicKeyCredentialUserEntity {

    @Serial
    private static final long serialVersionUID = 1L;

    @Override
    public String getName() {
        return entity.getName();
    }

    @Override
    public Bytes getId() {
        return entity.getId();
    }

    @Override
    public String getDisplayName() {
        return entity.getDisplayName();
    }

    static boolean userVerified(Object principal) {
        return principal instanceof VerifiedUserEntity verified && verified.userVerified();
    }
}
