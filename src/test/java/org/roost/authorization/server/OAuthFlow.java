package org.roost.authorization.server;

import org.roost.authorization.signinsession.SignInSessionCookie;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

import jakarta.servlet.http.Cookie;

import org.jspecify.annotations.Nullable;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;

/** Drives the authorization-code flow through MockMvc the way a browser and a client application would. */
final class OAuthFlow {

    static final String PUBLIC_CLIENT = "roost-demo-app";
    static final String PUBLIC_REDIRECT = "http://127.0.0.1:8081/callback";
    static final String CONFIDENTIAL_CLIENT = "roost-demo-service";
    static final String CONFIDENTIAL_SECRET = "demo-service-secret";
    static final String CONFIDENTIAL_REDIRECT = "http://127.0.0.1:8082/callback";

    record Pkce(String verifier, String challenge) {
        static Pkce create() {
            byte[] bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
            String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
                return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
            }
            catch (java.security.NoSuchAlgorithmException ex) {
                throw new IllegalStateException(ex);
            }
        }
    }

    private final MockMvcTester mvc;
    private @Nullable Cookie signInCookie;

    OAuthFlow(MockMvcTester mvc) {
        this.mvc = mvc;
    }

    @Nullable Cookie signInCookie() {
        return signInCookie;
    }

    static String authorizeUri(String clientId, String redirectUri, String scope, String state, @Nullable Pkce pkce) {
        UriComponentsBuilder uri = UriComponentsBuilder.fromUriString("http://localhost/oauth2/authorize")
                .queryParam("response_type", "code").queryParam("client_id", clientId)
                .queryParam("redirect_uri", redirectUri).queryParam("scope", scope).queryParam("state", state);
        if (pkce != null) {
            uri.queryParam("code_challenge", pkce.challenge()).queryParam("code_challenge_method", "S256");
        }
        return uri.encode().build().toUriString();
    }

    /** Signs in on the HTML form, consents, and returns the code delivered to the redirect URI. */
    String authorize(String username, String clientId, String redirectUri, String scope, @Nullable Pkce pkce) {
        return authorize(username, clientId, redirectUri, scope, pkce, null);
    }

    /** The same, for an account with two-factor sign-in on: {@code code} gives the code page its answer. */
    String authorize(String username, String clientId, String redirectUri, String scope, @Nullable Pkce pkce,
            java.util.function.@Nullable Supplier<String> code) {
        MultiValueMap<String, String> consent = untilConsent(username, clientId, redirectUri, scope, pkce, code);
        var post = mvc.post().uri("/oauth2/authorize").cookie(signInCookie)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("client_id", consent.getFirst("client_id")).param("state", consent.getFirst("state"))
                .param("_csrf", consentPageCsrf(consent));
        for (String granted : consent.getFirst("scope").split(" ")) {
            post.param("scope", granted);
        }
        MvcTestResult approved = post.exchange();
        assertThat(approved).hasStatus(302);
        String callback = approved.getResponse().getRedirectedUrl();
        assertThat(callback).startsWith(redirectUri + "?");
        MultiValueMap<String, String> answer = query(callback);
        assertThat(answer.getFirst("state")).isEqualTo("xyz-state");
        return answer.getFirst("code");
    }

    /** Signs in on the HTML form and answers the consent page with no scope at all; returns the callback URL. */
    String deny(String username, String clientId, String redirectUri, String scope, @Nullable Pkce pkce) {
        MultiValueMap<String, String> consent = untilConsent(username, clientId, redirectUri, scope, pkce, null);
        MvcTestResult denied = mvc.post().uri("/oauth2/authorize").cookie(signInCookie)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("client_id", consent.getFirst("client_id")).param("state", consent.getFirst("state"))
                .param("_csrf", consentPageCsrf(consent)).exchange();
        assertThat(denied).hasStatus(302);
        return denied.getResponse().getRedirectedUrl();
    }

    /** The CSRF token the consent page's form carries, as a browser posts it. */
    private String consentPageCsrf(MultiValueMap<String, String> consent) {
        MvcTestResult page = mvc.get().uri("/consent?client_id={c}&state={s}&scope={scope}", consent.getFirst("client_id"),
                consent.getFirst("state"), consent.getFirst("scope")).cookie(signInCookie).exchange();
        assertThat(page).hasStatus(200);
        return org.roost.support.HtmlForm.all(new String(page.getResponse().getContentAsByteArray(), java.nio.charset.StandardCharsets.UTF_8))
                .getFirst().fields().stream().filter(field -> field.getKey().equals("_csrf")).findFirst().orElseThrow()
                .getValue();
    }

    private MultiValueMap<String, String> untilConsent(String username, String clientId, String redirectUri,
            String scope, @Nullable Pkce pkce, java.util.function.@Nullable Supplier<String> code) {
        String authorize = authorizeUri(clientId, redirectUri, scope, "xyz-state", pkce);
        MvcTestResult start = mvc.get().uri(URI.create(authorize)).exchange();
        assertThat(start).hasStatus(302);
        assertThat(start.getResponse().getRedirectedUrl()).endsWith("/signin");
        keepCookie(start);
        MvcTestResult signIn = mvc.post().uri("/signin").cookie(signInCookie).with(csrf())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("username", username).param("password", ApiClient.PASSWORD).exchange();
        assertThat(signIn).hasStatus(302);
        keepCookie(signIn);
        if (code != null) {
            assertThat(signIn.getResponse().getRedirectedUrl()).isEqualTo("/signin/code");
            assertThat(mvc.get().uri("/signin/code").cookie(signInCookie).exchange()).hasStatus(200)
                    .bodyText().contains("Two-factor sign-in");
            signIn = mvc.post().uri("/signin/code").cookie(signInCookie).with(csrf())
                    .contentType(MediaType.APPLICATION_FORM_URLENCODED).param("code", code.get()).exchange();
            assertThat(signIn).hasStatus(302);
            keepCookie(signIn);
        }
        MvcTestResult resumed = mvc.get().uri(URI.create(absolute(signIn.getResponse().getRedirectedUrl())))
                .cookie(signInCookie).exchange();
        assertThat(resumed).hasStatus(302);
        MultiValueMap<String, String> consent = query(resumed.getResponse().getRedirectedUrl());
        assertThat(resumed.getResponse().getRedirectedUrl()).contains("/consent");
        return consent;
    }

    MvcTestResult exchangePublic(String code, String redirectUri, @Nullable String verifier) {
        var request = mvc.post().uri("/oauth2/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("grant_type", "authorization_code").param("code", code).param("redirect_uri", redirectUri)
                .param("client_id", PUBLIC_CLIENT);
        if (verifier != null) {
            request.param("code_verifier", verifier);
        }
        return request.exchange();
    }

    MvcTestResult exchangeConfidential(String code, @Nullable String verifier) {
        var request = mvc.post().uri("/oauth2/token").header("Authorization", basic(CONFIDENTIAL_SECRET))
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("grant_type", "authorization_code").param("code", code)
                .param("redirect_uri", CONFIDENTIAL_REDIRECT);
        if (verifier != null) {
            request.param("code_verifier", verifier);
        }
        return request.exchange();
    }

    MvcTestResult clientCredentials(String secret, String scope) {
        return mvc.post().uri("/oauth2/token").header("Authorization", basic(secret))
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .param("grant_type", "client_credentials").param("scope", scope).exchange();
    }

    MvcTestResult confidential(String path, String... params) {
        var request = mvc.post().uri(path).header("Authorization", basic(CONFIDENTIAL_SECRET))
                .contentType(MediaType.APPLICATION_FORM_URLENCODED);
        for (int i = 0; i < params.length; i += 2) {
            request.param(params[i], params[i + 1]);
        }
        return request.exchange();
    }

    static String basic(String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((CONFIDENTIAL_CLIENT + ":" + secret)
                .getBytes(StandardCharsets.UTF_8));
    }

    static String accessToken(MvcTestResult tokenResponse) {
        assertThat(tokenResponse).hasStatus(200);
        return Json.field(tokenResponse, "access_token");
    }

    static MultiValueMap<String, String> query(String url) {
        MultiValueMap<String, String> raw = UriComponentsBuilder.fromUriString(url).build().getQueryParams();
        var decoded = new org.springframework.util.LinkedMultiValueMap<String, String>();
        raw.forEach((key, values) -> values.forEach(value -> decoded.add(key,
                value == null ? null : URLDecoder.decode(value, StandardCharsets.UTF_8))));
        return decoded;
    }

    private void keepCookie(MvcTestResult result) {
        Cookie cookie = result.getResponse().getCookie(SignInSessionCookie.COOKIE_NAME);
        if (cookie != null) {
            signInCookie = new Cookie(cookie.getName(), cookie.getValue());
        }
        assertThat(signInCookie).isNotNull();
        assertThat(List.of(result.getResponse().getCookies())).noneMatch(c -> c.getName().equals("SESSION"));
    }

    private static String absolute(String location) {
        return location.startsWith("http") ? location : "http://localhost" + location;
    }
}
