package org.roost.authorization.passkeys;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.roost.identity.session.SessionUser;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.stepup.Reauthentication;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.webauthn.management.ImmutablePublicKeyCredentialCreationOptionsRequest;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.RelyingPartyRegistrationRequest;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.security.web.webauthn.management.WebAuthnRelyingPartyOperations;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * Adding a passkey needs a recent sign-in in the relying party itself, not only in the filter in front of the
 * framework's endpoints: {@code /webauthn/%72egister} once reached the operation past a filter that compared the raw
 * URI. Whatever door reaches {@link PasskeyRelyingParty}, a stale session adds nothing.
 */
class PasskeyStepUpInTheOperationTest {

    private final WebAuthnRelyingPartyOperations framework = mock(WebAuthnRelyingPartyOperations.class);
    private final PublicKeyCredentialUserEntityRepository userEntities = mock(PublicKeyCredentialUserEntityRepository.class);
    private final UserService users = mock(UserService.class);
    private final Reauthentication reauthentication = mock(Reauthentication.class);
    private final PasskeyRelyingParty rp = new PasskeyRelyingParty(framework, userEntities, users,
            mock(ApplicationEventPublisher.class), mock(UserCredentialRepository.class), mock(SecondFactors.class),
            reauthentication);
    private final Authentication staleSession = UsernamePasswordAuthenticationToken.authenticated(
            new SessionUser(7, "ann", Instant.parse("2026-01-01T00:00:00Z")), null, List.of());

    @AfterEach
    void clear() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void aStaleSessionGetsNoCreationOptions() {
        doThrow(new ApiException(ErrorCode.REAUTHENTICATION_REQUIRED, "again")).when(reauthentication)
                .require(any(Authentication.class));
        assertThatThrownBy(() -> rp.createPublicKeyCredentialCreationOptions(
                new ImmutablePublicKeyCredentialCreationOptionsRequest(staleSession)))
                .isInstanceOfSatisfying(ApiException.class,
                        refused -> org.assertj.core.api.Assertions.assertThat(refused.code())
                                .isEqualTo(ErrorCode.REAUTHENTICATION_REQUIRED));
        verify(reauthentication).require(staleSession);
        verifyNoInteractions(framework, userEntities);
    }

    @Test
    void aStaleSessionRegistersNoCredential() {
        SecurityContextHolder.getContext().setAuthentication(staleSession);
        doThrow(new ApiException(ErrorCode.REAUTHENTICATION_REQUIRED, "again")).when(reauthentication)
                .require(any(Authentication.class));
        RelyingPartyRegistrationRequest request = mock(RelyingPartyRegistrationRequest.class);
        assertThatThrownBy(() -> rp.registerCredential(request))
                .isInstanceOfSatisfying(ApiException.class,
                        refused -> org.assertj.core.api.Assertions.assertThat(refused.code())
                                .isEqualTo(ErrorCode.REAUTHENTICATION_REQUIRED));
        verify(reauthentication).require(staleSession);
        verifyNoInteractions(framework, request);
    }

    @Test
    void theFastPathInFrontKnowsEverySpellingOfThePasskeyEndpoints() {
        for (String path : new String[] { "/webauthn/register", "/webauthn/%72egister/options", "/%77ebauthn/register",
                "/login/%77ebauthn" }) {
            org.assertj.core.api.Assertions.assertThat(PasskeyEndpoints.isPasskeyEndpoint(
                    new org.springframework.mock.web.MockHttpServletRequest("POST", path))).as(path).isTrue();
        }
    }
}
