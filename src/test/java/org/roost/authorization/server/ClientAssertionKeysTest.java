package org.roost.authorization.server;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.concurrent.atomic.AtomicInteger;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.platform.outbound.OutboundRequests;
import org.roost.platform.outbound.RefusedAddressException;
import org.roost.platform.outbound.TestOutbound;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.context.AuthorizationServerContext;
import org.springframework.security.oauth2.server.authorization.context.AuthorizationServerContextHolder;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A {@code private_key_jwt} client's {@code jwks_uri} is fetched through the outbound guard: an internal address is
 * never requested (Spring's own factory fetched whatever the client named), an allowed one is, and the assertion is
 * then checked against the keys fetched.
 */
class ClientAssertionKeysTest {

    private HttpServer server;
    private final AtomicInteger fetches = new AtomicInteger();
    private RSAKey key;

    @BeforeEach
    void start() throws Exception {
        key = new RSAKeyGenerator(2048).keyID("k1").generate();
        byte[] jwks = ("{\"keys\":[" + key.toPublicJWK().toJSONString() + "]}").getBytes(StandardCharsets.UTF_8);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/jwks", exchange -> {
            fetches.incrementAndGet();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, jwks.length);
            exchange.getResponseBody().write(jwks);
            exchange.close();
        });
        server.start();
    }

    @BeforeEach
    void issuer() {
        AuthorizationServerContextHolder.setContext(new AuthorizationServerContext() {
            @Override
            public String getIssuer() {
                return "http://localhost";
            }

            @Override
            public AuthorizationServerSettings getAuthorizationServerSettings() {
                return AuthorizationServerSettings.builder().build();
            }
        });
    }

    @AfterEach
    void stop() {
        server.stop(0);
        AuthorizationServerContextHolder.resetContext();
    }

    private RegisteredClient client() {
        return RegisteredClient.withId("jwt-client").clientId("jwt-client")
                .clientAuthenticationMethod(ClientAuthenticationMethod.PRIVATE_KEY_JWT)
                .authorizationGrantType(AuthorizationGrantType.CLIENT_CREDENTIALS)
                .clientSettings(ClientSettings.builder()
                        .jwkSetUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks")
                        .tokenEndpointAuthenticationSigningAlgorithm(SignatureAlgorithm.RS256).build())
                .build();
    }

    private String assertion() throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1").build(),
                new JWTClaimsSet.Builder().issuer("jwt-client").subject("jwt-client").audience("http://localhost/oauth2/token")
                        .expirationTime(new Date(System.currentTimeMillis() + 60_000)).jwtID("j1").build());
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    @Test
    void fetchesTheKeysOnlyFromAnAllowedAddress() throws Exception {
        // given
        OutboundRequests guarded = TestOutbound.allowing();
        OutboundRequests allowing = TestOutbound.allowing("127.0.0.1");
        String assertion = assertion();

        // when the key set is on a loopback address
        var refused = assertThatThrownBy(() -> new ClientAssertionKeys(guarded).createDecoder(client()).decode(assertion));

        // then it is never fetched; allowed, it is, and its key verifies the assertion's signature
        refused.rootCause().isInstanceOf(RefusedAddressException.class);
        var decoded = new ClientAssertionKeys(allowing).createDecoder(client()).decode(assertion);
        assertThat(decoded.getSubject()).isEqualTo("jwt-client");
        assertThat(fetches.get()).isEqualTo(1);
        guarded.destroy();
        allowing.destroy();
    }
}
