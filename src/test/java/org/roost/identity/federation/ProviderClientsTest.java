package org.roost.identity.federation;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.roost.platform.outbound.OutboundRequests;
import org.roost.platform.outbound.TestOutbound;
import org.springframework.security.oauth2.client.endpoint.OAuth2AuthorizationCodeGrantRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationExchange;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationResponse;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each of a sign-in's calls to the provider (token, userinfo, key set) gives up within the outbound timeouts when
 * the provider takes the connection and never answers: a local socket that accepts and stays silent. The whole
 * sign-in's answer (400, provider_failed) is ProviderSignInContract's, with the real provider paused.
 */
class ProviderClientsTest {

    private final OutboundRequests outbound = TestOutbound.allowing(); // 2 s to connect, 2 s for the answer
    private final ProviderClients clients = new ProviderClients(outbound);
    private final List<Socket> held = new CopyOnWriteArrayList<>();
    private ServerSocket silent;
    private ClientRegistration provider;

    @BeforeEach
    void silentProvider() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().start(() -> {
            while (!silent.isClosed()) {
                try {
                    held.add(silent.accept()); // taken, never read or answered
                }
                catch (IOException closed) {
                    return;
                }
            }
        });
        String base = "http://127.0.0.1:" + silent.getLocalPort();
        provider = ClientRegistration.withRegistrationId("silent").clientId("roost").clientSecret("secret")
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .redirectUri("http://localhost/callback").scope("openid", "profile", "email")
                .authorizationUri(base + "/authorize").tokenUri(base + "/token").userInfoUri(base + "/userinfo")
                .userNameAttributeName("sub").jwkSetUri(base + "/jwks").issuerUri(base).build();
    }

    @AfterEach
    void close() throws IOException {
        silent.close();
        for (Socket socket : held) {
            socket.close();
        }
    }

    @Test
    void theTokenExchangeGivesUp() {
        OAuth2AuthorizationRequest request = OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri(provider.getProviderDetails().getAuthorizationUri()).clientId("roost")
                .redirectUri("http://localhost/callback").state("s").build();
        OAuth2AuthorizationResponse response = OAuth2AuthorizationResponse.success("code").state("s")
                .redirectUri("http://localhost/callback").build();

        assertGivesUpInTime(() -> clients.tokens().getTokenResponse(new OAuth2AuthorizationCodeGrantRequest(provider,
                new OAuth2AuthorizationExchange(request, response))));
    }

    @Test
    void theUserinfoCallGivesUp() {
        Instant now = Instant.now();
        OAuth2AccessToken token = new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, "t", now, now.plusSeconds(60),
                Set.of("openid", "profile", "email"));
        OidcIdToken idToken = new OidcIdToken("id", now, now.plusSeconds(60), Map.of("sub", "someone", "iss",
                provider.getProviderDetails().getIssuerUri()));

        assertGivesUpInTime(() -> clients.users().loadUser(new OidcUserRequest(provider, token, idToken)));
    }

    @Test
    void theKeySetFetchGivesUp() throws Exception {
        RSAKey key = new RSAKeyGenerator(2048).keyID("k").generate();
        SignedJWT idToken = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k").build(),
                new JWTClaimsSet.Builder().subject("someone").issuer(provider.getProviderDetails().getIssuerUri())
                        .audience("roost").issueTime(new java.util.Date()).expirationTime(new java.util.Date(
                                System.currentTimeMillis() + 60_000)).build());
        idToken.sign(new RSASSASigner(key));

        assertGivesUpInTime(() -> clients.providerIdTokenDecoders().createDecoder(provider).decode(idToken.serialize()));
    }

    /** Fails (an exception) after the read timeout, not before and not much after: bounded by the attempt limit. */
    private void assertGivesUpInTime(Executable call) {
        long start = System.nanoTime();
        assertThatThrownBy(call::execute).isInstanceOf(RuntimeException.class);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(held).as("the provider took the connection").isNotEmpty();
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(1_900))
                .isLessThan(outbound.attemptLimit().plusSeconds(3));
    }
}
