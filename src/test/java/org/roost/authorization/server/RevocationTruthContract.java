package org.roost.authorization.server;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A revoked token is revoked everywhere: the API, introspection, token exchange and userinfo agree. Exchanged
 * tokens never outlive their subject and cannot be exchanged without end; introspection tells a token's claims
 * only to the client it was issued to and to the configured resource servers. Run on PostgreSQL with Redis
 * ({@link RevocationTruthOnPostgresTest}) and on the embedded defaults ({@link RevocationTruthOnH2Test}).
 */
abstract class RevocationTruthContract {

    private static final String SCOPES = "openid profile users:read posts:read posts:write";
    private static final String TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
    private static final String ACCESS_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    OAuth2AuthorizationConsentService consents;

    @Autowired
    RegisteredClientRepository clients;

    private OAuthFlow flow;
    private String username = "";
    private long userId;

    /** A person of their own for each test, who signs in to grant the demo service access. */
    @BeforeEach
    void aPersonAndTheirFlow() {
        username = ApiClient.uniqueUsername("tess");
        userId = new ApiClient(mvc).signUp(username);
        flow = new OAuthFlow(mvc);
    }

    private String oauthToken() {
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT, SCOPES, null);
        return OAuthFlow.accessToken(flow.exchangeConfidential(code, null));
    }

    private MvcTestResult as(String client, String secret, String path, String... params) {
        var request = mvc.post().uri(path).contentType(MediaType.APPLICATION_FORM_URLENCODED).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString((client + ":" + secret).getBytes(StandardCharsets.UTF_8)));
        for (int i = 0; i < params.length; i += 2) {
            request.param(params[i], params[i + 1]);
        }
        return request.exchange();
    }

    private MvcTestResult exchange(String subjectToken) {
        return as("test-exchanger", "exchanger-secret", "/oauth2/token", "grant_type", TOKEN_EXCHANGE,
                "subject_token", subjectToken, "subject_token_type", ACCESS_TOKEN_TYPE, "scope", "users:read");
    }

    private MvcTestResult logout(String token) {
        return mvc.post().uri("/auth/logout").header("Authorization", "Bearer " + token).exchange();
    }

    private static JsonNode claims(String jwt) {
        return Json.of(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8));
    }

    @Test
    void answersInactiveAtIntrospectionForATokenEndedByLogout() throws Exception {
        // given
        String access = oauthToken();
        assertThat(Json.of(flow.confidential("/oauth2/introspect", "token", access)).get("active").asBoolean()).isTrue();

        // when
        assertThat(logout(access)).hasStatus(204);

        // then
        assertThat(flow.confidential("/oauth2/introspect", "token", access).getResponse().getContentAsString())
                .isEqualTo("{\"active\":false}");
    }

    @Test
    void refusesATokenEndedByLogoutAsTheSubjectOfAnExchange() {
        // given: the exchange works while the token holds
        String access = oauthToken();
        assertThat(exchange(access)).hasStatus(200);

        // when
        assertThat(logout(access)).hasStatus(204);

        // then
        MvcTestResult refused = exchange(access);
        assertThat(refused).hasStatus(400);
        assertThat(Json.field(refused, "error")).isEqualTo("invalid_grant");
    }

    @Test
    void refusesATokenEndedByLogoutAtUserinfo() {
        // given
        String access = oauthToken();
        assertThat(mvc.get().uri("/userinfo").header("Authorization", "Bearer " + access)).hasStatus(200);

        // when
        assertThat(logout(access)).hasStatus(204);

        // then
        assertThat(mvc.get().uri("/userinfo").header("Authorization", "Bearer " + access)).hasStatus(401);
    }

    @Test
    void neverLetsAnExchangedTokenOutliveItsSubjectNorExchangesWithoutEnd() {
        // given
        String subject = oauthToken();
        Instant subjectExpiry = Instant.ofEpochSecond(claims(subject).get("exp").asLong());

        // when: exchanged, then the result exchanged again
        String once = OAuthFlow.accessToken(exchange(subject));
        String twice = OAuthFlow.accessToken(exchange(once));
        MvcTestResult thrice = exchange(twice);

        // then
        assertThat(Instant.ofEpochSecond(claims(once).get("exp").asLong())).isBeforeOrEqualTo(subjectExpiry);
        assertThat(Instant.ofEpochSecond(claims(twice).get("exp").asLong())).isBeforeOrEqualTo(subjectExpiry);
        assertThat(claims(twice).get("sub").asString()).isEqualTo(Long.toString(userId));
        assertThat(thrice).hasStatus(400);
        assertThat(Json.field(thrice, "error")).isEqualTo("invalid_grant");
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + twice)).hasStatus(200);
    }

    @Test
    void tellsATokensClaimsOnlyToItsClientAndTheResourceServers() throws Exception {
        // given a token issued to the demo service
        String access = oauthToken();

        // when
        MvcTestResult own = flow.confidential("/oauth2/introspect", "token", access);
        MvcTestResult stranger = as("test-exchanger", "exchanger-secret", "/oauth2/introspect", "token", access);
        MvcTestResult resourceServer = as("test-resource-server", "resource-secret", "/oauth2/introspect", "token", access);

        // then
        assertThat(Json.of(own).get("active").asBoolean()).isTrue();
        assertThat(stranger).hasStatus(200);
        assertThat(stranger.getResponse().getContentAsString()).isEqualTo("{\"active\":false}");
        assertThat(Json.of(resourceServer).get("active").asBoolean()).isTrue();
        assertThat(Json.field(resourceServer, "sub")).isEqualTo(Long.toString(userId));
    }

    @Test
    void endsTheThiefsAccessTokenWhenARefreshTokenIsReplayed() {
        // given: the victim's pair, and the thief's refresh with a copy of the refresh token
        MvcTestResult pair = mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange();
        String refresh = Json.field(pair, "refresh_token");
        MvcTestResult stolen = mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"%s\"}".formatted(refresh)).exchange();
        String thiefAccess = Json.field(stolen, "access_token");
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + thiefAccess)).hasStatus(200);

        // when the victim presents the same refresh token
        MvcTestResult replayed = mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"%s\"}".formatted(refresh)).exchange();

        // then the family is over, and so are the access tokens minted from it
        assertThat(replayed).hasStatus(401);
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + thiefAccess)).hasStatus(401);
        assertThat(mvc.get().uri("/api/v1/users/" + userId)
                .header("Authorization", "Bearer " + Json.field(pair, "access_token"))).hasStatus(401);
    }

    @Test
    void endsTheTokensAConsentAllowedWhenTheConsentIsRevoked() throws Exception {
        // given the tokens a confidential client obtained with the person's consent
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT, SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String access = OAuthFlow.accessToken(tokens);

        // when that consent is revoked
        var consent = consents.findById(clients.findByClientId(OAuthFlow.CONFIDENTIAL_CLIENT).getId(), Long.toString(userId));
        assertThat(consent).isNotNull();
        consents.remove(consent);

        // then the access token is refused at every door, and the refresh token no longer refreshes
        assertThat(mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + access)).hasStatus(401);
        assertThat(flow.confidential("/oauth2/introspect", "token", access).getResponse().getContentAsString())
                .isEqualTo("{\"active\":false}");
        assertThat(exchange(access)).hasStatus(400);
        MvcTestResult refreshed = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"));
        assertThat(refreshed).hasStatus(400);
        assertThat(Json.field(refreshed, "error")).isEqualTo("invalid_grant");
    }

    @Test
    void readsBackAndRevokesATokenExchangedForAnotherAudience() throws Exception {
        // given a token exchanged for the resource server's audience (RFC 8693, audience)
        MvcTestResult exchanged = as("test-exchanger", "exchanger-secret", "/oauth2/token", "grant_type", TOKEN_EXCHANGE,
                "subject_token", oauthToken(), "subject_token_type", ACCESS_TOKEN_TYPE, "scope", "users:read",
                "audience", "test-resource-server");
        String token = OAuthFlow.accessToken(exchanged);

        // when the resource server introspects it, and the exchanger revokes it
        MvcTestResult active = as("test-resource-server", "resource-secret", "/oauth2/introspect", "token", token);
        MvcTestResult revoked = as("test-exchanger", "exchanger-secret", "/oauth2/revoke", "token", token);

        // then both work, and the token is over
        assertThat(active).hasStatus(200);
        assertThat(Json.of(active).get("active").asBoolean()).isTrue();
        assertThat(revoked).hasStatus(200);
        assertThat(as("test-resource-server", "resource-secret", "/oauth2/introspect", "token", token).getResponse()
                .getContentAsString()).isEqualTo("{\"active\":false}");
    }

    private String firstPartyToken() {
        MvcTestResult pair = mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange();
        return Json.field(pair, "access_token");
    }

    private int apiStatus(String token) {
        return mvc.get().uri("/api/v1/users/" + userId).header("Authorization", "Bearer " + token).exchange()
                .getResponse().getStatus();
    }

    @Test
    void revokingTheConsentEndsEveryTokenOfTheGrantThoseBeforeARefreshAndThoseExchangedFromThem() {
        // given a grant refreshed once, a token exchanged for another audience and one exchanged for this API
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT, SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String first = OAuthFlow.accessToken(tokens);
        MvcTestResult refreshed = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"));
        String second = OAuthFlow.accessToken(refreshed);
        String exchanged = OAuthFlow.accessToken(exchange(second));
        assertThat(OAuthFlow.accessToken(as("test-exchanger", "exchanger-secret", "/oauth2/token", "grant_type",
                TOKEN_EXCHANGE, "subject_token", second, "subject_token_type", ACCESS_TOKEN_TYPE, "scope", "users:read",
                "audience", "test-resource-server"))).isNotEmpty();
        assertThat(apiStatus(first)).isEqualTo(200);
        assertThat(apiStatus(exchanged)).isEqualTo(200);

        // when the person revokes the app at the API
        MvcTestResult revoked = mvc.delete().uri("/api/v1/consents/" + OAuthFlow.CONFIDENTIAL_CLIENT)
                .header("Authorization", "Bearer " + firstPartyToken()).exchange();

        // then every token of the grant is over, at the API and at introspection, and nothing refreshes
        assertThat(revoked).hasStatus(204);
        assertThat(apiStatus(first)).isEqualTo(401);
        assertThat(apiStatus(second)).isEqualTo(401);
        assertThat(apiStatus(exchanged)).isEqualTo(401);
        assertThat(Json.of(as("test-exchanger", "exchanger-secret", "/oauth2/introspect", "token", exchanged))
                .get("active").asBoolean()).isFalse();
        assertThat(flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(refreshed, "refresh_token"))).hasStatus(400);
        assertThat(consents.findById(clients.findByClientId(OAuthFlow.CONFIDENTIAL_CLIENT).getId(), Long.toString(userId)))
                .isNull();
    }

    @Test
    void revokingTheRefreshTokenEndsTheAccessTokensIssuedBeforeTheRefreshToo() {
        // given a grant refreshed once
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT, SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String first = OAuthFlow.accessToken(tokens);
        MvcTestResult refreshed = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"));
        String second = OAuthFlow.accessToken(refreshed);
        assertThat(apiStatus(first)).isEqualTo(200);

        // when the client revokes its refresh token
        assertThat(flow.confidential("/oauth2/revoke", "token", Json.field(refreshed, "refresh_token"),
                "token_type_hint", "refresh_token")).hasStatus(200);

        // then both access tokens are over
        assertThat(apiStatus(first)).isEqualTo(401);
        assertThat(apiStatus(second)).isEqualTo(401);
        assertThat(Json.of(flow.confidential("/oauth2/introspect", "token", first)).get("active").asBoolean()).isFalse();
    }

    @Test
    void aReplayedRotatedRefreshTokenEndsTheWholeGrant() {
        // given a grant of a client whose refresh tokens rotate, refreshed once: its first refresh token is replaced
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT, SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        MvcTestResult refreshed = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"));
        assertThat(refreshed).hasStatus(200);
        String current = OAuthFlow.accessToken(refreshed);
        assertThat(apiStatus(current)).isEqualTo(200);

        // when the replaced refresh token is presented again (someone kept a copy)
        MvcTestResult replayed = flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"));

        // then it is refused, and the grant is over: the current refresh token and access token too
        assertThat(replayed).hasStatus(400);
        assertThat(Json.field(replayed, "error")).isEqualTo("invalid_grant");
        assertThat(flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(refreshed, "refresh_token"))).hasStatus(400);
        assertThat(apiStatus(current)).isEqualTo(401);
        assertThat(Json.of(flow.confidential("/oauth2/introspect", "token", current)).get("active").asBoolean()).isFalse();
    }

    @Test
    void endingASubjectTokenEndsTheTokensExchangedFromIt() {
        // given tokens exchanged from an OAuth token and from a first-party one
        String oauth = oauthToken();
        String firstParty = firstPartyToken();
        String fromOauth = OAuthFlow.accessToken(exchange(oauth));
        String fromFirstParty = OAuthFlow.accessToken(exchange(firstParty));
        String twice = OAuthFlow.accessToken(exchange(fromOauth));
        assertThat(apiStatus(fromOauth)).isEqualTo(200);
        assertThat(apiStatus(fromFirstParty)).isEqualTo(200);

        // when the subjects end: the OAuth one revoked by its client, the first-party one by logout
        assertThat(flow.confidential("/oauth2/revoke", "token", oauth, "token_type_hint", "access_token")).hasStatus(200);
        assertThat(logout(firstParty)).hasStatus(204);

        // then what was exchanged from them ends too, down the chain
        assertThat(apiStatus(fromOauth)).isEqualTo(401);
        assertThat(apiStatus(twice)).isEqualTo(401);
        assertThat(apiStatus(fromFirstParty)).isEqualTo(401);
        assertThat(Json.of(as("test-exchanger", "exchanger-secret", "/oauth2/introspect", "token", fromOauth))
                .get("active").asBoolean()).isFalse();
    }

    @Autowired
    JdbcOperations jdbc;

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    OAuth2AuthorizationService authorizations;

    @Test
    void aConsentRevocationThatFailsHalfWayChangesNothing() {
        // given a grant, and an authorization store that fails when the grant's authorization is removed
        String code = flow.authorize(username, OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_REDIRECT, SCOPES, null);
        MvcTestResult tokens = flow.exchangeConfidential(code, null);
        String client = clients.findByClientId(OAuthFlow.CONFIDENTIAL_CLIENT).getId();
        var consent = consents.findById(client, Long.toString(userId));
        var failing = new OAuth2AuthorizationService() {
            @Override
            public void save(OAuth2Authorization authorization) {
                authorizations.save(authorization);
            }

            @Override
            public void remove(OAuth2Authorization authorization) {
                throw new IllegalStateException("the store failed");
            }

            @Override
            public OAuth2Authorization findById(String id) {
                return authorizations.findById(id);
            }

            @Override
            public OAuth2Authorization findByToken(String token,
                    OAuth2TokenType type) {
                return authorizations.findByToken(token, type);
            }
        };
        var revoking = new RevokingConsentService(
                new JdbcOAuth2AuthorizationConsentService(jdbc, clients),
                failing, jdbc, new TransactionTemplate(transactions));

        // when the revocation fails after the consent was removed
        assertThatThrownBy(() -> revoking.remove(consent))
                .isInstanceOf(IllegalStateException.class);

        // then the consent is still there and the grant still works: all or nothing
        assertThat(consents.findById(client, Long.toString(userId))).isNotNull();
        assertThat(flow.confidential("/oauth2/token", "grant_type", "refresh_token", "refresh_token",
                Json.field(tokens, "refresh_token"))).hasStatus(200);
    }
}
