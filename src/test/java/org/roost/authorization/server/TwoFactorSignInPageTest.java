package org.roost.authorization.server;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import javax.crypto.spec.SecretKeySpec;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import jakarta.servlet.http.Cookie;
import org.apache.commons.codec.binary.Base32;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;

/** The OAuth sign-in page's second step, for an account with two-factor sign-in on. */
@IntegrationTest
class TwoFactorSignInPageTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void aTwoFactorAccountSignsInWithACodeAndItsIdTokenSaysSo() throws Exception {
        // given an account with two-factor sign-in on
        Enrolled me = enrolled("oauth2fa");

        // when it authorizes an app on the sign-in page, answering the code page with the current code
        OAuthFlow flow = new OAuthFlow(mvc);
        var pkce = OAuthFlow.Pkce.create();
        String code = flow.authorize(me.login().username(), OAuthFlow.PUBLIC_CLIENT, OAuthFlow.PUBLIC_REDIRECT,
                "openid profile", pkce, () -> totp(me.secret(), 1));
        MvcTestResult tokens = flow.exchangePublic(code, OAuthFlow.PUBLIC_REDIRECT, pkce.verifier());

        // then the ID token names the person and both factors
        assertThat(tokens).hasStatus(200);
        JsonNode idToken = payload(Json.field(tokens, "id_token"));
        assertThat(idToken.path("sub").asString()).isEqualTo(Long.toString(me.login().userId()));
        assertThat(idToken.path("amr").toString()).isEqualTo("[\"pwd\",\"otp\",\"mfa\"]");
    }

    @Test
    void rejectsAWrongCodeOnThePageAndKeepsThePersonSignedOut() throws Exception {
        // given an account with two-factor sign-in on, past its password on the sign-in form
        Enrolled me = enrolled("oauth2fabad");
        Cookie cookie = passwordStep(me);

        // when a wrong code is sent
        String wrong = totp(me.secret(), 0).equals("000000") ? "111111" : "000000";
        MvcTestResult refused = mvc.post().uri("/signin/code").cookie(cookie).with(csrf())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).param("code", wrong).exchange();

        // then the page says so, beside the field, and nobody is signed in
        assertThat(refused).hasStatus(400).bodyText().contains("role=\"alert\"").contains("not right")
                .doesNotContain("Exception");
        assertThat(mvc.get().uri("/consent?client_id=roost-demo-app&state=x&scope=openid").cookie(cookie).exchange())
                .hasStatus(302);
    }

    @Test
    void theCodePageWithoutAPasswordStepSendsBackToTheForm() {
        // given nobody past a password step; when the code page is asked for, then it sends to the form
        MvcTestResult page = mvc.get().uri("/signin/code").exchange();
        assertThat(page).hasStatus(302);
        assertThat(page.getResponse().getRedirectedUrl()).endsWith("/signin");
        MvcTestResult post = mvc.post().uri("/signin/code").with(csrf())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).param("code", "123456").exchange();
        assertThat(post).hasStatus(302);
        assertThat(post.getResponse().getRedirectedUrl()).endsWith("/signin?expired");
    }

    private Cookie passwordStep(Enrolled me) {
        MvcTestResult start = mvc.get().uri(java.net.URI.create(OAuthFlow.authorizeUri(OAuthFlow.PUBLIC_CLIENT,
                OAuthFlow.PUBLIC_REDIRECT, "openid", "s", OAuthFlow.Pkce.create()))).exchange();
        Cookie cookie = start.getResponse().getCookie("ROOST_SIGNIN");
        assertThat(cookie).isNotNull();
        MvcTestResult signIn = mvc.post().uri("/signin").cookie(cookie).with(csrf())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("username", me.login().username()).param("password", ApiClient.PASSWORD).exchange();
        assertThat(signIn).hasStatus(302);
        assertThat(signIn.getResponse().getRedirectedUrl()).isEqualTo("/signin/code");
        Cookie renewed = signIn.getResponse().getCookie("ROOST_SIGNIN");
        return renewed != null ? renewed : cookie;
    }

    record Enrolled(ApiClient.Login login, String secret) {
    }

    private Enrolled enrolled(String prefix) throws Exception {
        ApiClient.Login me = new ApiClient(mvc).newUser(prefix);
        String base = "/api/v1/users/" + me.userId() + "/two-factor";
        String secret = Json.of(me.apply(mvc.post().uri(base)).contentType(MediaType.APPLICATION_JSON).content("")
                .exchange()).path("secret").asString();
        assertThat(me.apply(mvc.post().uri(base + "/confirm")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"current_password\":\"%s\",\"code\":\"%s\"}".formatted(ApiClient.PASSWORD, totp(secret, 0)))
                .exchange()).hasStatus(200);
        return new Enrolled(me, secret);
    }

    /** The code of the 30-second step {@code offset} steps from now, as an authenticator app computes it. */
    private static String totp(String secret, int offset) {
        try {
            var generator = new TimeBasedOneTimePasswordGenerator(Duration.ofSeconds(30));
            var key = new SecretKeySpec(new Base32().decode(secret), generator.getAlgorithm());
            return "%06d".formatted(generator.generateOneTimePassword(key, Instant.now().plusSeconds(30L * offset)));
        }
        catch (java.security.InvalidKeyException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static JsonNode payload(String jwt) {
        return Json.of(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8));
    }
}
