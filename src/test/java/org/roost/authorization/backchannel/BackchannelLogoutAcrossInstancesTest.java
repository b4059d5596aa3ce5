package org.roost.authorization.backchannel;

import java.net.http.HttpResponse;
import java.time.Duration;

import com.nimbusds.jwt.JWTClaimsSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.OAuthPerson;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.roost.support.OAuthPerson.form;

/**
 * A sign-out on one instance whose first delivery fails, and which then stops: the other instance delivers the
 * logout token, once. The client's logout URI comes from Roost's configuration (a client of Spring Boot's
 * properties).
 */
@ExtendWith(RequiresServices.class)
class BackchannelLogoutAcrossInstancesTest {

    private static final String CLIENT = "roost-demo-service";
    private static final String REDIRECT = "http://127.0.0.1:8082/callback";

    @Test
    void anotherInstanceDeliversWhatTheFirstCouldNot() throws Exception {
        try (LogoutReceiver receiver = new LogoutReceiver(1)) {
            String uri = "--roost.oauth.backchannel-logout.clients." + CLIENT + ".uri=" + receiver.uri();
            // closing twice is harmless: the first instance is stopped on purpose below
            try (ConfigurableApplicationContext second = Instances.start(uri);
                    ConfigurableApplicationContext first = Instances.start(uri)) {
                String base = Instances.base(first);
                // given a person signed in to the client on the first instance
                OAuthPerson person = OAuthPerson.signUp(base, "bcx");
                String verifier = "a-verifier-long-enough-for-the-pkce-rules-0123456789";
                String callback = person.authorize("/oauth2/authorize?response_type=code&client_id=" + CLIENT
                        + "&redirect_uri=" + REDIRECT + "&scope=openid&state=s&code_challenge_method=S256&code_challenge="
                        + BackchannelLogoutContract.challenge(verifier));
                HttpResponse<String> tokens = new HttpSession(base).postForm("/oauth2/token", form("grant_type",
                        "authorization_code", "code", callback.replaceAll(".*[?&]code=([^&]+).*", "$1"),
                        "redirect_uri", REDIRECT, "code_verifier", verifier),
                        "Authorization", OAuthPerson.basic(CLIENT, "demo-service-secret"));
                assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
                String idToken = Json.of(tokens.body()).get("id_token").asString();
                JsonNode idClaims = OAuthPerson.jwtPart(idToken, 1);

                // when they sign out there, the first attempt fails, and that instance stops
                assertThat(person.browser.get("/connect/logout?id_token_hint=" + idToken).statusCode()).isEqualTo(302);
                String failed = receiver.next(Duration.ofSeconds(20));
                first.close();

                // then the second instance delivers the same logout token, once
                String delivered = receiver.next(Duration.ofSeconds(40));
                JWTClaimsSet claims = LogoutTokenCheck.verified(delivered, Instances.base(second), Instances.ISSUER, CLIENT,
                        person.id, idClaims.get("sid").asString());
                assertThat(OAuthPerson.jwtPart(failed, 1).get("jti").asString()).isEqualTo(claims.getJWTID());
                assertThat(receiver.more(Duration.ofSeconds(3))).isEmpty();
            }
        }
    }
}
