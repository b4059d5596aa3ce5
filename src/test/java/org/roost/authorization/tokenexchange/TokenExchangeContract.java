package org.roost.authorization.tokenexchange;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.DPoPKey;
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

    /** An exchange by the exchanger with this DPoP proof header. */
    private HttpResponse<String> asExchangerWithProof(String subject, String proof) {
        var fields = form("grant_type", GRANT, "subject_token", subject, "subject_token_type", ACCESS_TOKEN, "scope", "users:read");
        return new HttpSession(base()).postForm("/oauth2/token", fields,
                "Authorization", OAuthPerson.basic("test-exchanger", "exchanger-secret"), "DPoP", proof);
    }

    /** A user's OAuth token bound to {@code key} (DPoP), granted to the demo service through the code flow. */
    private String boundToken(OAuthPerson person, DPoPKey key) {
        String callback = person.authorize(UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize")
                .queryParam("response_type", "code").queryParam("client_id", "roost-demo-service")
                .queryParam("redirect_uri", "http://127.0.0.1:8082/callback").queryParam("scope", "users:read")
                .queryParam("state", "s").build().toUriString());
        String code = UriComponentsBuilder.fromUriString(callback).build().getQueryParams().getFirst("code");
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token", form("grant_type",
                "authorization_code", "code", code, "redirect_uri", "http://127.0.0.1:8082/callback"),
                "Authorization", OAuthPerson.basic("roost-demo-service", "demo-service-secret"),
                "DPoP", key.proof("POST", base() + "/oauth2/token"));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        return Json.of(tokens.body()).get("access_token").asString();
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

    @Test
    void keepsTheDPoPConstraintOfTheSubjectTokenOrRefuses() {
        // given a person's token bound to the demo service's key
        OAuthPerson person = OAuthPerson.signUp(base(), "xena");
        DPoPKey key = DPoPKey.generate();
        String bound = boundToken(person, key);
        String url = base() + "/oauth2/token";

        // when it is exchanged without a proof, with a proof of another key, and with a proof of its own key
        HttpResponse<String> withoutProof = asExchanger(bound, "scope", "users:read");
        HttpResponse<String> otherKey = asExchangerWithProof(bound, DPoPKey.generate().proof("POST", url));
        HttpResponse<String> sameKey = asExchangerWithProof(bound, key.proof("POST", url));

        // then only the last is answered, with a token bound to the same key
        assertThat(error(withoutProof)).isEqualTo("invalid_grant");
        assertThat(error(otherKey)).isEqualTo("invalid_dpop_proof");
        assertThat(sameKey.statusCode()).as(sameKey.body()).isEqualTo(200);
        assertThat(Json.of(sameKey.body()).get("token_type").asString()).isEqualTo("DPoP");
        String exchanged = Json.of(sameKey.body()).get("access_token").asString();
        assertThat(OAuthPerson.jwtPart(exchanged, 1).get("cnf").get("jkt").asString()).isEqualTo(key.thumbprint());
        assertThat(new HttpSession(base()).get("/api/v1/users/" + person.id, "Authorization", "Bearer " + exchanged)
                .statusCode()).isEqualTo(401);
    }

    @Test
    void namesAValidActorTokensSubjectInActAndRefusesTheSubjectAsItsOwnActor() {
        // given a person's token and the token of another person who acts for them
        OAuthPerson person = OAuthPerson.signUp(base(), "xena");
        OAuthPerson assistant = OAuthPerson.signUp(base(), "gabrielle");
        String subject = person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);
        String actor = assistant.browser.firstPartyToken(assistant.username, ApiClient.PASSWORD);
        String again = person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);

        // when
        HttpResponse<String> delegated = asExchanger(subject, "scope", "users:read", "actor_token", actor,
                "actor_token_type", ACCESS_TOKEN);
        HttpResponse<String> itself = asExchanger(subject, "scope", "users:read", "actor_token", subject,
                "actor_token_type", ACCESS_TOKEN);
        HttpResponse<String> sameSubject = asExchanger(subject, "scope", "users:read", "actor_token", again,
                "actor_token_type", ACCESS_TOKEN);
        HttpResponse<String> forged = asExchanger(subject, "scope", "users:read", "actor_token",
                actor.substring(0, actor.length() - 4) + "AAAA", "actor_token_type", ACCESS_TOKEN);

        // then the actor's subject is in act, and a subject acting for itself or a forged actor is refused
        assertThat(delegated.statusCode()).as(delegated.body()).isEqualTo(200);
        JsonNode claims = OAuthPerson.jwtPart(Json.of(delegated.body()).get("access_token").asString(), 1);
        assertThat(claims.get("sub").asString()).isEqualTo(person.id);
        assertThat(claims.get("act").get("sub").asString()).isEqualTo(assistant.id);
        assertThat(claims.get("act").get("client_id").asString()).isEqualTo("test-exchanger");
        assertThat(error(itself)).isEqualTo("invalid_grant");
        assertThat(error(sameSubject)).isEqualTo("invalid_grant");
        assertThat(error(forged)).isEqualTo("invalid_grant");
    }
}
