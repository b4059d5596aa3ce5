package org.roost.authorization.consents;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriComponentsBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/** Remembered consents over real HTTP: listed for their person only, and revoking one ends the app's tokens. */
abstract class ConsentsContract {

    @LocalServerPort
    int port;

    private String base() {
        return "http://localhost:" + port;
    }

    private String grantDemoService(OAuthPerson person) {
        String callback = person.authorize(UriComponentsBuilder.fromUriString(base() + "/oauth2/authorize")
                .queryParam("response_type", "code").queryParam("client_id", "roost-demo-service")
                .queryParam("redirect_uri", "http://127.0.0.1:8082/callback").queryParam("scope", "users:read posts:read")
                .queryParam("state", "s").encode().build().toUriString());
        String code = UriComponentsBuilder.fromUriString(callback).build().getQueryParams().getFirst("code");
        HttpResponse<String> tokens = new HttpSession(base()).postForm("/oauth2/token", form("grant_type",
                "authorization_code", "code", code, "redirect_uri", "http://127.0.0.1:8082/callback"),
                "Authorization", OAuthPerson.basic("roost-demo-service", "demo-service-secret"));
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        return Json.of(tokens.body()).get("access_token").asString();
    }

    @Test
    void listsTheAppsAPersonAllowedAndRevokingOneEndsItsTokens() {
        // given a person who allowed the demo service, and someone else
        OAuthPerson person = OAuthPerson.signUp(base(), "cora");
        OAuthPerson other = OAuthPerson.signUp(base(), "cora");
        String appToken = grantDemoService(person);
        String mine = "Bearer " + person.browser.firstPartyToken(person.username, ApiClient.PASSWORD);
        String theirs = "Bearer " + other.browser.firstPartyToken(other.username, ApiClient.PASSWORD);
        HttpSession api = new HttpSession(base());
        assertThat(api.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + appToken).statusCode()).isEqualTo(200);

        // when
        HttpResponse<String> listed = api.get("/api/v1/consents", "Authorization", mine);

        // then
        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.body()).contains("roost-demo-service", "Roost demo service", "users:read", "posts:read");
        assertThat(api.get("/api/v1/consents", "Authorization", theirs).body()).doesNotContain("roost-demo-service");
        assertThat(api.send("DELETE", "/api/v1/consents/roost-demo-service", "", "Authorization", theirs).statusCode())
                .isEqualTo(404);

        // when the person revokes it
        HttpResponse<String> revoked = api.send("DELETE", "/api/v1/consents/roost-demo-service", "", "Authorization", mine);

        // then the app's token stops working and the consent is gone
        assertThat(revoked.statusCode()).isEqualTo(204);
        assertThat(api.get("/api/v1/users/" + person.id, "Authorization", "Bearer " + appToken).statusCode()).isEqualTo(401);
        assertThat(api.get("/api/v1/consents", "Authorization", mine).body()).doesNotContain("roost-demo-service");
    }
}
