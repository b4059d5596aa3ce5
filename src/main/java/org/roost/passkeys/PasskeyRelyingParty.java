package org.roost.passkeys;

import java.util.List;

import org.roost.session.SessionUser;
import org.roost.shared.ApiException;
import org.roost.shared.DependencyFailures;
import org.roost.shared.SecurityEvent;
import org.roost.user.UserService;
import org.roost.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
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
import org.springframework.security.web.webauthn.management.WebAuthnRelyingPartyOperations;

/**
 * Spring's relying party (webauthn4j), told who a session's user is: the WebAuthn user entity is named by the Roost
 * username (the account name an authenticator shows) and shows the display name. A failed verification (a passkey
 * made for another site, an answer to another challenge) becomes the contract's {@code VALIDATION_ERROR}, and a new
 * passkey is audited.
 */
final class PasskeyRelyingParty implements WebAuthnRelyingPartyOperations {

    static final int LABEL_MAX = 64;

    private final WebAuthnRelyingPartyOperations delegate;
    private final PublicKeyCredentialUserEntityRepository userEntities;
    private final UserService users;
    private final ApplicationEventPublisher events;

    PasskeyRelyingParty(WebAuthnRelyingPartyOperations delegate, PublicKeyCredentialUserEntityRepository userEntities,
            UserService users, ApplicationEventPublisher events) {
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

    @Override
    public PublicKeyCredentialUserEntity authenticate(RelyingPartyAuthenticationRequest request) {
        return delegate.authenticate(request);
    }
}
