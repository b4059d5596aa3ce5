package org.roost.authorization.server;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.DPoPKey;
import org.roost.support.HtmlForm;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * Everything the authorization server writes it can read back: tokens of every grant and parameter, obtained
 * through the real endpoints (authorization code, refresh, client credentials, token exchange with audience and
 * actor (a resource is refused with the OAuth error), DPoP-bound, PAR, the device flow), are each introspected as active, revoked, and then
 * introspected as inactive, by the client they were issued to; and the person's consents are revoked at the API
 * afterwards. A stored authorization the store cannot read answers 500 at these endpoints. Over real HTTP, on H2
 * and on PostgreSQL.
 */
abstract class AuthorizationRoundTripContract {

    private static final String SERVICE = "roost-demo-service";
    private static final String SERVICE_SECRET = "demo-service-secret";
    private static final String REDIRECT = "http://127.0.0.1:8082/callback";
    private static final String EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
    private static final String ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";

    /** A token and the client (with its secret) it was issued to. */
    private record Issued(String what, String token, String hint, String client, String secret) {
    }

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    private HttpResponse<String> token(String client, String secret, List<java.util.Map.Entry<String, String>> fields,
            String... headers) {
        List<String> all = new ArrayList<>(List.of("Authorization", OAuthPerson.basic(client, secret)));
        all.addAll(List.of(headers));
        HttpResponse<String> answer = new HttpSession(base()).postForm("/oauth2/token", fields, all.toArray(String[]::new));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer;
    }

    private String code(OAuthPerson person, String authorizeUrl) {
        return UriComponentsBuilder.fromUriString(person.authorize(authorizeUrl)).build().getQueryParams().getFirst("code");
    }

    private String authorizeUrl() {
        return UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize").queryParam("response_type", "code")
                .queryParam("client_id", SERVICE).queryParam("redirect_uri", REDIRECT)
                .queryParam("scope", "openid+users:read+posts:read").queryParam("state", "s").build().toUriString();
    }

    private String pushedAuthorizeUrl() {
        HttpResponse<String> pushed = new HttpSession(base()).postForm("/oauth2/par", form("response_type", "code",
                "client_id", SERVICE, "redirect_uri", REDIRECT, "scope", "users:read", "state", "p"),
                "Authorization", OAuthPerson.basic(SERVICE, SERVICE_SECRET));
        assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(201);
        return UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize").queryParam("client_id", SERVICE)
                .queryParam("request_uri", URLEncoder.encode(Json.of(pushed.body()).get("request_uri").asString(),
                        StandardCharsets.UTF_8)).build(true).toUriString();
    }

    private List<java.util.Map.Entry<String, String>> redeem(String code) {
        return form("grant_type", "authorization_code", "code", code, "redirect_uri", REDIRECT);
    }

    private JsonNode deviceFlow(OAuthPerson person) {
        String client = "test-device-service";
        HttpResponse<String> started = new HttpSession(base()).postForm("/oauth2/device_authorization",
                form("scope", "users:read"), "Authorization", OAuthPerson.basic(client, "device-secret"));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(200);
        JsonNode device = Json.of(started.body());
        HttpResponse<String> page = person.follow(person.browser.get(device.get("verification_uri_complete").asString()));
        if (page.body().contains("name=\"password\"")) {
            page = person.follow(person.signIn(page.uri().toString()));
        }
        HtmlForm code = HtmlForm.all(page.body()).getFirst();
        HttpResponse<String> consent = person.follow(person.browser.postForm(code.action(), code.fields()));
        HtmlForm allow = HtmlForm.all(consent.body()).getFirst();
        person.follow(person.browser.postForm(allow.action(), allow.fields()));
        return Json.of(token(client, "device-secret", form("grant_type", "urn:ietf:params:oauth:grant-type:device_code",
                "device_code", device.get("device_code").asString())).body());
    }

    private HttpResponse<String> asClient(Issued issued, String path, String... fields) {
        return new HttpSession(base()).postForm(path, form(fields), "Authorization",
                OAuthPerson.basic(issued.client(), issued.secret()));
    }

    private void roundTrip(Issued one) {
        HttpResponse<String> active = asClient(one, "/oauth2/introspect", "token", one.token(), "token_type_hint", one.hint());
        HttpResponse<String> revoked = asClient(one, "/oauth2/revoke", "token", one.token(), "token_type_hint", one.hint());
        HttpResponse<String> after = asClient(one, "/oauth2/introspect", "token", one.token(), "token_type_hint", one.hint());
        assertThat(active.statusCode()).as(one.what() + ": " + active.body()).isEqualTo(200);
        assertThat(Json.of(active.body()).get("active").asBoolean()).as(one.what()).isTrue();
        assertThat(revoked.statusCode()).as(one.what() + ": " + revoked.body()).isEqualTo(200);
        assertThat(after.body()).as(one.what()).isEqualTo("{\"active\":false}");
    }

    @Test
    void everyTokenOfEveryGrantIsIntrospectedAndRevokedAndConsentsAreRevokedAfterwards() {
        // given tokens of every grant and parameter, obtained at the real endpoints
        OAuthPerson person = OAuthPerson.signUp(base(), "rita");
        OAuthPerson assistant = OAuthPerson.signUp(base(), "ravi");
        List<Issued> issued = new ArrayList<>();
        JsonNode code = Json.of(token(SERVICE, SERVICE_SECRET, redeem(code(person, authorizeUrl()))).body());
        // (a refresh replaces the access token in the store: this one is checked before it)
        roundTrip(new Issued("authorization_code", code.get("access_token").asString(), "access_token", SERVICE, SERVICE_SECRET));
        JsonNode refreshed = Json.of(token(SERVICE, SERVICE_SECRET, form("grant_type", "refresh_token", "refresh_token",
                code.get("refresh_token").asString())).body());
        String subject = refreshed.get("access_token").asString();
        for (String[] parameters : new String[][] { { "audience", "test-resource-server" },
                { "audience", "roost-api" },
                { "actor_token", assistant.browser.firstPartyToken(assistant.username, ApiClient.PASSWORD) } }) {
            var fields = form("grant_type", EXCHANGE, "subject_token", subject, "subject_token_type", ACCESS_TOKEN,
                    "scope", "users:read", parameters[0], parameters[1]);
            if (parameters[0].equals("actor_token")) {
                fields.addAll(form("actor_token_type", ACCESS_TOKEN));
            }
            issued.add(new Issued("token-exchange " + parameters[0], Json.of(token("test-exchanger", "exchanger-secret",
                    fields).body()).get("access_token").asString(), "access_token", "test-exchanger", "exchanger-secret"));
        }
        // (resource, RFC 8707, is an absolute URI: none is an audience of this service's tokens, so it is refused)
        HttpResponse<String> resource = new HttpSession(base()).postForm("/oauth2/token", form("grant_type", EXCHANGE,
                "subject_token", subject, "subject_token_type", ACCESS_TOKEN, "scope", "users:read",
                "resource", "https://elsewhere.example/api"),
                "Authorization", OAuthPerson.basic("test-exchanger", "exchanger-secret"));
        assertThat(resource.statusCode()).as(resource.body()).isEqualTo(400);
        assertThat(Json.of(resource.body()).get("error").asString()).isEqualTo("invalid_target");
        issued.add(new Issued("refresh_token", subject, "access_token", SERVICE, SERVICE_SECRET));
        issued.add(new Issued("client_credentials", Json.of(token("test-resource-server", "resource-secret",
                form("grant_type", "client_credentials", "scope", "users:read")).body()).get("access_token").asString(),
                "access_token", "test-resource-server", "resource-secret"));
        DPoPKey key = DPoPKey.generate();
        JsonNode bound = Json.of(token(SERVICE, SERVICE_SECRET, redeem(code(person, authorizeUrl())),
                "DPoP", key.proof("POST", base() + "/oauth2/token")).body());
        assertThat(bound.get("token_type").asString()).isEqualTo("DPoP");
        issued.add(new Issued("DPoP", bound.get("access_token").asString(), "access_token", SERVICE, SERVICE_SECRET));
        issued.add(new Issued("DPoP refresh", bound.get("refresh_token").asString(), "refresh_token", SERVICE, SERVICE_SECRET));
        JsonNode pushed = Json.of(token(SERVICE, SERVICE_SECRET, redeem(code(person, pushedAuthorizeUrl()))).body());
        issued.add(new Issued("PAR", pushed.get("access_token").asString(), "access_token", SERVICE, SERVICE_SECRET));
        issued.add(new Issued("PAR refresh", pushed.get("refresh_token").asString(), "refresh_token", SERVICE, SERVICE_SECRET));
        JsonNode device = deviceFlow(person);
        issued.add(new Issued("device_code", device.get("access_token").asString(), "access_token", "test-device-service",
                "device-secret"));
        issued.add(new Issued("device_code refresh", device.get("refresh_token").asString(), "refresh_token",
                "test-device-service", "device-secret"));

        // when each is introspected, revoked and introspected again by its client (then every answer is a success)
        issued.forEach(this::roundTrip);
        // and the person can still revoke the apps they allowed
        String own = person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);
        for (String client : new String[] { SERVICE, "test-device-service" }) {
            HttpResponse<String> consent = new HttpSession(base()).send("DELETE", "/api/v1/consents/" + client, "",
                    "Authorization", "Bearer " + own);
            assertThat(consent.statusCode()).as(client + ": " + consent.body()).isEqualTo(204);
        }
    }
}
