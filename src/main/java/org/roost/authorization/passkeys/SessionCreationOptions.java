package org.roost.authorization.passkeys;

import java.io.Serial;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.springframework.security.web.webauthn.api.AuthenticatorSelectionCriteria;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialCreationOptions;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialParameters;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialRpEntity;
import org.springframework.security.web.webauthn.api.UserVerificationRequirement;
import org.springframework.security.web.webauthn.registration.PublicKeyCredentialCreationOptionsRepository;
import org.springframework.stereotype.Component;

/**
 * Keeps a registration's options in the session between the two requests of the ceremony, as Spring's session
 * repository does, but as a serializable snapshot: Spring's options type is not {@link Serializable}, so sessions in
 * Redis could not be saved with it. The snapshot holds what the registration is checked against.
 */
@Component
class SessionCreationOptions implements PublicKeyCredentialCreationOptionsRepository {

    private static final String ATTRIBUTE = SessionCreationOptions.class.getName();
    private static final List<PublicKeyCredentialParameters> KNOWN = List.of(PublicKeyCredentialParameters.EdDSA,
            PublicKeyCredentialParameters.ES256, PublicKeyCredentialParameters.ES384, PublicKeyCredentialParameters.ES512,
            PublicKeyCredentialParameters.RS256, PublicKeyCredentialParameters.RS384, PublicKeyCredentialParameters.RS512);

    record Snapshot(String rpId, String rpName, Bytes userId, String userName, @Nullable String displayName,
            Bytes challenge, @Nullable UserVerificationRequirement userVerification, List<Long> algorithms,
            @Nullable Duration timeout) implements Serializable {

        @Serial
        private static final long serialVersionUID = 1L;
    }

    @Override
    public void save(HttpServletRequest request, HttpServletResponse response,
            @Nullable PublicKeyCredentialCreationOptions options) {
        if (options == null) {
            HttpSession session = request.getSession(false);
            if (session != null) {
                session.removeAttribute(ATTRIBUTE);
            }
            return;
        }
        request.getSession().setAttribute(ATTRIBUTE, new Snapshot(options.getRp().getId(), options.getRp().getName(),
                options.getUser().getId(), options.getUser().getName(), options.getUser().getDisplayName(),
                options.getChallenge(), options.getAuthenticatorSelection().getUserVerification(),
                options.getPubKeyCredParams().stream().map(p -> p.getAlg().getValue()).toList(), options.getTimeout()));
    }

    @Override
    public @Nullable PublicKeyCredentialCreationOptions load(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session == null || !(session.getAttribute(ATTRIBUTE) instanceof Snapshot snapshot)) {
            return null;
        }
        var user = ImmutablePublicKeyCredentialUserEntity.builder().id(snapshot.userId()).name(snapshot.userName());
        if (snapshot.displayName() != null) {
            user.displayName(snapshot.displayName());
        }
        var options = PublicKeyCredentialCreationOptions.builder()
                .rp(PublicKeyCredentialRpEntity.builder().id(snapshot.rpId()).name(snapshot.rpName()).build())
                .user(user.build()).challenge(snapshot.challenge())
                .pubKeyCredParams(snapshot.algorithms().stream().flatMap(alg -> KNOWN.stream()
                        .filter(known -> known.getAlg().getValue() == alg).findFirst().stream()).toList())
                .authenticatorSelection(AuthenticatorSelectionCriteria.builder()
                        .userVerification(snapshot.userVerification()).build());
        if (snapshot.timeout() != null) {
            options.timeout(snapshot.timeout());
        }
        return options.build();
    }
}
