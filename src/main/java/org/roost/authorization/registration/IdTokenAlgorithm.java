package org.roost.authorization.registration;

import java.util.function.Consumer;

import org.roost.authorization.signingkeys.SigningKeys;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.oidc.OidcClientMetadataClaimNames;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.oidc.authentication.OidcClientRegistrationAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;
import org.springframework.stereotype.Component;

/**
 * What a registered client is told its ID tokens are signed with: the algorithm of the service's signing key
 * ({@code roost.tokens.signing-algorithm}), since every token is signed with that one key whatever a client asked.
 * Spring's default, RS256, was wrong once the service signed with ES256, and a client that checks the algorithm
 * against its registration would refuse every ID token.
 */
@Component
class IdTokenAlgorithm {

    private final SigningKeys keys;

    IdTokenAlgorithm(SigningKeys keys) {
        this.keys = keys;
    }

    SignatureAlgorithm current() {
        return SignatureAlgorithm.from(keys.current().getAlgorithm().getName());
    }

    RegisteredClient applyTo(RegisteredClient client) {
        return RegisteredClient.from(client).tokenSettings(TokenSettings.withSettings(client.getTokenSettings().getSettings())
                .idTokenSignatureAlgorithm(current()).build()).build();
    }

    /** A registration asking for another algorithm is refused (RFC 7591 {@code invalid_client_metadata}), not misled. */
    Consumer<OidcClientRegistrationAuthenticationContext> validator() {
        return context -> {
            String asked = ((OidcClientRegistrationAuthenticationToken) context.getAuthentication()).getClientRegistration()
                    .getIdTokenSignedResponseAlgorithm();
            String signing = current().getName();
            if (asked != null && !asked.equals(signing)) {
                throw new OAuth2AuthenticationException(new OAuth2Error("invalid_client_metadata",
                        OidcClientMetadataClaimNames.ID_TOKEN_SIGNED_RESPONSE_ALG + " may only be " + signing
                                + ": every ID token here is signed with " + signing, null));
            }
        };
    }
}
