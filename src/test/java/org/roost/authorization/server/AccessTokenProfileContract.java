package org.roost.authorization.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * RFC 9068 over real HTTP: every access token, OAuth or first-party, is {@code typ: at+jwt} with {@code client_id}
 * and {@code jti}, and the API takes no other JWT as a bearer token, so an ID token is refused even though the
 * same keys signed it. Run on PostgreSQL and on H2.
 */
abstract class AccessTokenProfileContract {

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    @Test
    void oauthAccessTokensAreAtJwtNamingTheirClientAndTheIdTokenIsRefusedAsOne() {
        // given a person who grants the public demo app access (authorization code with PKCE)
        OAuthPerson person = OAuthPerson.signUp(base(), "rfc");
        var pkce = OAuthFlow.Pkce.create();
        String callback = person.authorize(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT,
                "openid profile users:read", "xyz-state", pkce).replace("http://localhost", base()));
        HttpSession app = new HttpSession(base());
        HttpResponse<String> tokens = app.postForm("/oauth2/token", form("grant_type", "authorization_code",
                "code", OAuthFlow.query(callback).getFirst("code"), "redirect_uri", OAuthFlow.PUBLIC_REDIRECT,
                "client_id", OAuthFlow.PUBLIC_CLIENT, "code_verifier", pkce.verifier()));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        String access = Json.of(tokens.body()).get("access_token").asString();
        String idToken = Json.of(tokens.body()).get("id_token").asString();

        // when
        JsonNode header = OAuthPerson.jwtPart(access, 0);
        JsonNode claims = OAuthPerson.jwtPart(access, 1);

        // then the access token follows the profile and works
        assertThat(header.get("typ").asString()).isEqualTo("at+jwt");
        assertThat(claims.get("client_id").asString()).isEqualTo(OAuthFlow.PUBLIC_CLIENT);
        assertThat(claims.get("jti").asString()).isNotBlank();
        assertThat(claims.get("sub").asString()).isEqualTo(person.id);
        assertThat(app.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + access).statusCode()).isEqualTo(200);
        // and the ID token is not one, at the API nor at userinfo
        assertThat(OAuthPerson.jwtPart(idToken, 0).has("typ") ? OAuthPerson.jwtPart(idToken, 0).get("typ").asString() : "")
                .isNotEqualTo("at+jwt");
        HttpResponse<String> withIdToken = app.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + idToken);
        assertThat(withIdToken.statusCode()).isEqualTo(401);
        assertThat(app.get("/userinfo", "Authorization", "Bearer " + idToken).statusCode()).isEqualTo(401);
    }

    @Test
    void clientCredentialsAndFirstPartyTokensAreAtJwtToo() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "rfc");
        HttpSession client = new HttpSession(base());

        // when
        HttpResponse<String> service = client.postForm("/oauth2/token",
                form("grant_type", "client_credentials", "scope", "users:read"),
                "Authorization", OAuthPerson.basic(OAuthFlow.CONFIDENTIAL_CLIENT, OAuthFlow.CONFIDENTIAL_SECRET));
        String firstParty = person.browser.firstPartyToken(person.username, org.roost.support.ApiClient.PASSWORD);

        // then
        String serviceToken = Json.of(service.body()).get("access_token").asString();
        assertThat(OAuthPerson.jwtPart(serviceToken, 0).get("typ").asString()).isEqualTo("at+jwt");
        assertThat(OAuthPerson.jwtPart(serviceToken, 1).get("client_id").asString()).isEqualTo(OAuthFlow.CONFIDENTIAL_CLIENT);
        assertThat(OAuthPerson.jwtPart(firstParty, 0).get("typ").asString()).isEqualTo("at+jwt");
        assertThat(OAuthPerson.jwtPart(firstParty, 1).get("client_id").asString()).isEqualTo("roost");
        assertThat(OAuthPerson.jwtPart(firstParty, 1).get("jti").asString()).isNotBlank();
        assertThat(client.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + serviceToken).statusCode())
                .isEqualTo(200);
        assertThat(client.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + firstParty).statusCode())
                .isEqualTo(200);
    }
}
