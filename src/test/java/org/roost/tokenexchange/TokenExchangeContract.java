package org.roost.tokenexchange;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * Token exchange over real HTTP by a configured service ({@code test-exchanger}, registered with Spring Boot's
 * standard client properties): first-party and OAuth subject tokens alike, fewer scopes or another audience,
 * {@code act} naming the service, never more scopes than the subject had, refused to clients without the grant.
 * Run on PostgreSQL and on H2.
 */
abstract class TokenExchangeContract {

    private static final String GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
    private static final String ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    private HttpResponse<String> exchange(String client, String secret, String subject, String... more) {
        var fields = form("grant_type", GRANT, "subject_token", subject, "subject_token_type", ACCESS_TOKEN);
        fields.addAll(form(more));
        return new HttpSession(base()).postForm("/oauth2/token", fields, "Authorization", OAuthPerson.basic(client, secret));
    }

    private HttpResponse<String> asExchanger(String subject, String... more) {
        return exchange("test-exchanger", "exchanger-secret", subject, more);
    }

    /** A user's OAuth token with only users:read, granted to the demo service through the code flow. */
    private String oauthToken(OAuthPerson person) {
        String callback = person.authorize(UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize")
                .queryParam("response_type", "code").queryParam("client_id", "roost-demo-service")
                .queryParam("redirect_uri", "http://127.0.0.1:8082/callback").queryParam("scope", "users:read")
                .queryParam("state", "s").build().toUriString());
        String code = UriComponentsBuilder.fromUriString(callback).build().getQueryParams().getFirst("code");
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token", form("grant_type",
                "authorization_code", "code", code, "redirect_uri", "http://127.0.0.1:8082/callback"),
                "Authorization", OAuthPerson.basic("roost-demo-service", "demo-service-secret"));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        return Json.of(tokens.body()).get("access_token").asString();
    }

    private static String error(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isBetween(400, 401);
        return Json.of(response.body()).get("error").asString();
    }

    @Test
    void exchangesAFirstPartyTokenForOneWithFewerScopesNamingTheService() {
        // given a person's token from /auth/token
        OAuthPerson person = OAuthPerson.signUp(base(), "xena");
        String firstParty = person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);

        // when
        HttpResponse<String> exchanged = asExchanger(firstParty, "scope", "users:read");

        // then the new token names the same person, the service as acting client, and only users:read
        assertThat(exchanged.statusCode()).as(exchanged.body()).isEqualTo(200);
        JsonNode answer = Json.of(exchanged.body());
        assertThat(answer.get("issued_token_type").asString()).isEqualTo(ACCESS_TOKEN);
        String token = answer.get("access_token").asString();
        JsonNode claims = OAuthPerson.jwtPart(token, 1);
        assertThat(claims.get("sub").asString()).isEqualTo(person.id);
        assertThat(claims.get("client_id").asString()).isEqualTo("test-exchanger");
        assertThat(claims.get("act").get("sub").asString()).isEqualTo("test-exchanger");
        assertThat(claims.get("scope").toString()).contains("users:read").doesNotContain("posts:write");
        assertThat(OAuthPerson.jwtPart(token, 0).get("typ").asString()).isEqualTo("at+jwt");
        assertThat(claims.get("exp").asLong()).isLessThanOrEqualTo(OAuthPerson.jwtPart(firstParty, 1).get("exp").asLong());
        // and it works at the API within its scopes only
        HttpSession api = new HttpSession(base());
        assertThat(api.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + token).statusCode()).isEqualTo(200);
        assertThat(api.postJson("/api/v1/users/" + person.id + "/posts", "{\"title\":\"no\",\"body\":\"\"}",
                "Authorization", "Bearer " + token).statusCode()).isEqualTo(403);
    }

    @Test
    void exchangesAnOauthTokenForAnotherAudience() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "xena");
        String oauth = oauthToken(person);

        // when
        HttpResponse<String> exchanged = asExchanger(oauth, "audience", "test-resource-server");

        // then
        assertThat(exchanged.statusCode()).as(exchanged.body()).isEqualTo(200);
        String token = Json.of(exchanged.body()).get("access_token").asString();
        JsonNode claims = OAuthPerson.jwtPart(token, 1);
        assertThat(claims.get("aud").toString()).contains("test-resource-server").doesNotContain("roost-api");
        assertThat(claims.get("sub").asString()).isEqualTo(person.id);
        assertThat(claims.get("act").get("sub").asString()).isEqualTo("test-exchanger");
        // and this API, not its audience, refuses it
        assertThat(new HttpSession(base()).get("/api/v1/users/" + person.id, "Authorization", "Bearer " + token)
                .statusCode()).isEqualTo(401);
    }

    @Test
    void neverGrantsMoreScopesThanTheSubjectTokenHad() {
        // given a token with users:read only
        String oauth = oauthToken(OAuthPerson.signUp(base(), "xena"));

        // when / then
        assertThat(error(asExchanger(oauth, "scope", "users:read posts:write"))).isEqualTo("invalid_scope");
    }

    @Test
    void refusesAnUnknownAudienceAClientWithoutTheGrantAndAnInvalidSubject() {
        // given
        OAuthPerson person = OAuthPerson.signUp(base(), "xena");
        String firstParty = person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);

        // when / then
        assertThat(error(asExchanger(firstParty, "scope", "users:read", "audience", "https://elsewhere.example"))).isEqualTo("invalid_target");
        assertThat(error(exchange("roost-demo-service", "demo-service-secret", firstParty, "scope", "users:read")))
                .isEqualTo("unauthorized_client");
        assertThat(error(asExchanger(firstParty.substring(0, firstParty.length() - 4) + "AAAA", "scope", "users:read")))
                .isEqualTo("invalid_grant");
    }
}
