package org.roost.authorization.passkeys;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.servlet.http.Cookie;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.roost.support.PasskeyStoreOutages;
import org.roost.support.ServerOnH2;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A passkey sign-in while the database cannot be reached (here: the framework's passkey stores throw what a refused
 * connection throws) answers {@code 503 SERVICE_UNAVAILABLE} with {@code Retry-After}, on the API's sign-in and on the
 * OAuth sign-in page's, never {@code 401}: the passkey was not refused, it could not be checked.
 */
@ServerOnH2 // with PasskeyStoreOutages
class PasskeySignInDuringOutageTest {

    /** The service's own origin, which passkeys accept when roost.passkeys.allowed-origins is unset (PasskeyOrigins). */
    @org.springframework.boot.test.web.server.LocalServerPort
    int port;

    String origin() {
        return "http://localhost:" + port;
    }

    @Autowired
    MockMvcTester mvc;

    @AfterEach
    void databaseBack() {
        PasskeyStoreOutages.DOWN.clear();
    }

    SoftAuthenticator registeredPasskey(String prefix) {
        ApiClient.Login owner = new ApiClient(mvc).newUser(prefix);
        SoftAuthenticator key = new SoftAuthenticator();
        MvcTestResult options = owner.apply(mvc.post().uri("/webauthn/register/options")).exchange();
        assertThat(owner.apply(mvc.post().uri("/webauthn/register")).contentType(MediaType.APPLICATION_JSON)
                .content(key.register(Json.of(options), origin(), "localhost", "Laptop")).exchange()).hasStatus(200);
        return key;
    }

    static void assertUnavailable(MvcTestResult result) throws Exception {
        assertThat(result).hasStatus(503).bodyJson().extractingPath("$.error.code").isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(result.getResponse().getHeader("Retry-After")).isNotBlank();
        assertThat(result.getResponse().getContentAsString(StandardCharsets.UTF_8)).doesNotContain("Exception", "5432");
    }

    @Test
    void anApiSignInWhoseCredentialCannotBeLookedUpAnswers503NotBadCredentials() throws Exception {
        // given a registered passkey, and a signed-out browser that asked for sign-in options
        SoftAuthenticator key = registeredPasskey("pkdown");
        MvcTestResult options = mvc.post().uri("/webauthn/authenticate/options").exchange();
        Cookie session = new Cookie("SESSION", options.getResponse().getCookie("SESSION").getValue());
        String answer = key.signIn(Json.of(options), origin(), "localhost");

        // when the database is unreachable as the passkey's answer arrives
        PasskeyStoreOutages.DOWN.add(UserCredentialRepository.class);
        MvcTestResult signIn = mvc.post().uri("/login/webauthn").cookie(session)
                .contentType(MediaType.APPLICATION_JSON).content(answer).exchange();

        // then the answer is "try again later", and nobody is signed in
        assertUnavailable(signIn);
        assertThat(signIn.getResponse().getCookie("XSRF-TOKEN")).isNull();
    }

    @Test
    void anApiSignInWhoseUserCannotBeLookedUpAnswers503() throws Exception {
        // given
        SoftAuthenticator key = registeredPasskey("pkuserdown");
        MvcTestResult options = mvc.post().uri("/webauthn/authenticate/options").exchange();
        Cookie session = new Cookie("SESSION", options.getResponse().getCookie("SESSION").getValue());
        String answer = key.signIn(Json.of(options), origin(), "localhost");

        // when the passkey's user cannot be read
        PasskeyStoreOutages.DOWN.add(PublicKeyCredentialUserEntityRepository.class);
        MvcTestResult signIn = mvc.post().uri("/login/webauthn").cookie(session)
                .contentType(MediaType.APPLICATION_JSON).content(answer).exchange();

        // then
        assertUnavailable(signIn);
    }

    @Test
    void theOAuthSignInPagesPasskeySignInAnswers503TooAndWorksOnceTheDatabaseIsBack() throws Exception {
        // given a registered passkey and the OAuth sign-in page in a signed-out browser
        SoftAuthenticator key = registeredPasskey("pkpagedown");
        MvcTestResult page = mvc.get().uri("/signin").accept(MediaType.TEXT_HTML).exchange();
        Cookie session = new Cookie("ROOST_SIGNIN", page.getResponse().getCookie("ROOST_SIGNIN").getValue());
        Matcher csrf = Pattern.compile("data-csrf-header=\"([^\"]+)\" data-csrf=\"([^\"]+)\"")
                .matcher(page.getResponse().getContentAsString(StandardCharsets.UTF_8));
        assertThat(csrf.find()).isTrue();
        MvcTestResult options = mvc.post().uri("/signin/passkey/options").cookie(session).header(csrf.group(1), csrf.group(2))
                .exchange();

        // when the database is unreachable as the page's script posts the passkey's answer
        PasskeyStoreOutages.DOWN.add(UserCredentialRepository.class);
        MvcTestResult duringOutage = mvc.post().uri("/signin/passkey").cookie(session).header(csrf.group(1), csrf.group(2))
                .contentType(MediaType.APPLICATION_JSON).content(key.signIn(Json.of(options), origin(), "localhost")).exchange();
        PasskeyStoreOutages.DOWN.clear();
        MvcTestResult retryOptions = mvc.post().uri("/signin/passkey/options").cookie(session)
                .header(csrf.group(1), csrf.group(2)).exchange();
        MvcTestResult retried = mvc.post().uri("/signin/passkey").cookie(session).header(csrf.group(1), csrf.group(2))
                .contentType(MediaType.APPLICATION_JSON).content(key.signIn(Json.of(retryOptions), origin(), "localhost"))
                .exchange();

        // then the page is told to try later (its script shows the message), and trying again later works
        assertUnavailable(duringOutage);
        assertThat(retried).hasStatus(200).bodyJson().extractingPath("$.redirect_url").isEqualTo("/signin");
    }
}
