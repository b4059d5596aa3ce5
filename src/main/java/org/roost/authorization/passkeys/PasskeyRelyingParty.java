package org.roost.authorization.passkeys;

import java.nio.ByteBuffer;
import java.util.List;

import org.roost.identity.session.SessionUser;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.DependencyFailures;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.stepup.Reauthentication;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialCreationOptions;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialRequestOptions;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.ImmutablePublicKeyCredentialCreationOptionsRequest;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialCreationOptionsRequest;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialRequestOptionsRequest;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.RelyingPartyAuthenticationRequest;
import org.springframework.security.web.webauthn.management.RelyingPartyRegistrationRequest;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.security.web.webauthn.management.WebAuthnRelyingPartyOperations;

/**
 * Spring's relying party (webauthn4j), told who a session's user is: the WebAuthn user entity is named by the Roost
 * username (the account name an authenticator shows) and shows the display name. A failed verification (a passkey
 * made for another site, an answer to another challenge) becomes the contract's {@code VALIDATION_ERROR}, and a new
 * passkey is audited. Adding one needs a recent sign-in ({@link Reauthentication}), checked here, in the operation,
 * whatever door or spelling of a URL reached it: a passkey signs in without the password and outlives a reset.
 */
final class PasskeyRelyingParty implements WebAuthnRelyingPartyOperations {

    static final int LABEL_MAX = 64;
    /** The UV bit of the authenticator data's flags (WebAuthn §6.1). */
    private static final int USER_VERIFIED = 0x04;

    private final WebAuthnRelyingPartyOperations delegate;
    private final PublicKeyCredentialUserEntityRepository userEntities;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final UserCredentialRepository credentials;
    private final SecondFactors secondFactors;
    private final Reauthentication reauthentication;

    PasskeyRelyingParty(WebAuthnRelyingPartyOperations delegate, PublicKeyCredentialUserEntityRepository userEntities,
            UserService users, ApplicationEventPublisher events, UserCredentialRepository credentials,
            SecondFactors secondFactors, Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.credentials = credentials;
        this.secondFactors = secondFactors;
        this.delegate = delegate;
        this.userEntities = userEntities;
        this.users = users;
        this.events = events;
    }

    @Override
    public PublicKeyCredentialCreationOptions createPublicKeyCredentialCreationOptions(
            PublicKeyCredentialCreationOptionsRequest request) {
        if (!(request.getAuthentication().getPrincipal() instanceof SessionUser signedIn)) {
            throw ApiException.forbidden("Passkeys are added from a signed-in browser session.");
        }
        reauthentication.require(request.getAuthentication());
        UserSummary user = users.get(signedIn.id());
        if (userEntities.findByUsername(user.username()) == null) {
            userEntities.save(ImmutablePublicKeyCredentialUserEntity.builder().id(Bytes.random())
                    .name(user.username()).displayName(user.name()).build());
        }
        Authentication named = UsernamePasswordAuthenticationToken.authenticated(user.username(), null,
                List.of(new SimpleGrantedAuthority("ROLE_USER")));
        return delegate.createPublicKeyCredentialCreationOptions(new ImmutablePublicKeyCredentialCreationOptionsRequest(named));
    }

    @Override
    public CredentialRecord registerCredential(RelyingPartyRegistrationRequest request) {
        // The framework's request carries no authentication: the signed-in session is the security context's.
        reauthentication.require(SecurityContextHolder.getContext().getAuthentication());
        String label = request.getPublicKey().getLabel();
        if (label == null || label.isBlank() || label.length() > LABEL_MAX) {
            throw ApiException.invalid("label", "must be 1 to " + LABEL_MAX + " characters");
        }
        CredentialRecord record;
        try {
            record = delegate.registerCredential(request);
        }
        catch (RuntimeException refused) {
            if (DependencyFailures.isUnavailable(refused)) {
                throw refused;
            }
            throw ApiException.invalid("credential", "could not be verified: it answers another request or was "
                    + "made for another site; start again");
        }
        PublicKeyCredentialUserEntity entity = userEntities.findById(record.getUserEntityUserId());
        users.findByUsername(entity == null ? "" : entity.getName()).ifPresent(user -> events.publishEvent(
                SecurityEvent.ofUser(SecurityEvent.Kind.PASSKEY_ADDED, user.id())));
        return record;
    }

    @Override
    public PublicKeyCredentialRequestOptions createCredentialRequestOptions(PublicKeyCredentialRequestOptionsRequest request) {
        return delegate.createCredentialRequestOptions(request);
    }

    /**
     * The framework's verification, and two checks it leaves out. The signature counter must advance (WebAuthn
     * §6.1.1): the framework compares it with the count at registration only, so a cloned authenticator replaying
     * an older count passed; here it is compared with the stored count, which the framework keeps up to date. The
     * signature covers the authenticator data, so the count read before verification is the one verified. And a
     * passkey whose authenticator did not verify its user (no UV flag) is one factor: it does not sign in an account
     * that has two-factor sign-in on.
     */
    @Override
    public PublicKeyCredentialUserEntity authenticate(RelyingPartyAuthenticationRequest request) {
        byte[] data = request.getPublicKey().getResponse().getAuthenticatorData().getBytes();
        if (data.length < 37) {
            throw new IllegalArgumentException("authenticator data too short");
        }
        long count = ByteBuffer.wrap(data, 33, 4).getInt() & 0xffffffffL;
        CredentialRecord stored = credentials.findByCredentialId(request.getPublicKey().getRawId());
        // A counter of zero on both sides is an authenticator that keeps none (allowed by the specification).
        if (stored != null && (count != 0 || stored.getSignatureCount() != 0) && count <= stored.getSignatureCount()) {
            throw new IllegalArgumentException("the signature counter did not advance: the passkey may be cloned");
        }
        PublicKeyCredentialUserEntity entity = delegate.authenticate(request);
        boolean userVerified = (data[32] & USER_VERIFIED) != 0;
        if (!userVerified && users.findByUsername(entity.getName()).map(user -> secondFactors.enabled(user.id())).orElse(false)) {
            throw new UserNotVerified();
        }
        return new VerifiedUserEntity(entity, userVerified);
    }

    /** A passkey without user verification offered to an account that needs two factors. */
    static final class UserNotVerified extends RuntimeException {

        UserNotVerified() {
            super("the authenticator did not verify its user", null, false, false);
        }
    }
}
