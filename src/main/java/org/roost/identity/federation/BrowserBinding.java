package org.roost.identity.federation;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.RandomSecrets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;

/**
 * A random value in a short-lived cookie, so that a {@link Tickets ticket} is redeemed only by the browser it was
 * issued to. {@code SameSite=Lax}: the cookie must come along on the top-level redirects from the provider back to
 * Roost, which a {@code Strict} cookie does not.
 */
enum BrowserBinding {
    /** Between the provider's answer and the web app session it becomes. */
    SIGN_IN("ROOST_FEDERATION_SIGNIN", "/auth/federated"),
    /** Between settings asking to link and the redirect to the provider. */
    LINK("ROOST_FEDERATION_LINK", "/oauth2/authorization");

    private final String cookie;
    private final String path;

    BrowserBinding(String cookie, String path) {
        this.cookie = cookie;
        this.path = path;
    }

    /** Sets a new value and answers it. */
    String bind(HttpServletResponse response) {
        String value = RandomSecrets.newSecret();
        write(response, value, Duration.ofSeconds(Tickets.LIFETIME_SECONDS));
        return value;
    }

    /** The value this browser sent, if any; the cookie is spent either way. */
    Optional<String> take(HttpServletRequest request, HttpServletResponse response) {
        Cookie[] cookies = request.getCookies();
        Optional<String> value = cookies == null ? Optional.empty() : Arrays.stream(cookies)
                .filter(c -> cookie.equals(c.getName())).map(Cookie::getValue).filter(v -> !v.isEmpty()).findFirst();
        value.ifPresent(present -> write(response, "", Duration.ZERO));
        return value;
    }

    private void write(HttpServletResponse response, String value, Duration maxAge) {
        response.addHeader(HttpHeaders.SET_COOKIE, ResponseCookie.from(cookie, value).path(path).maxAge(maxAge)
                .httpOnly(true).secure(true).sameSite("Lax").build().toString());
    }
}
