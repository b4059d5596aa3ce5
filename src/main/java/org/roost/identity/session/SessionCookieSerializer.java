package org.roost.identity.session;

import java.time.Duration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;

/**
 * The session cookie: {@code HttpOnly; Secure; SameSite=Strict; Path=/} and no expiry, so it ends
 * with the browser, except after a login that asked to be remembered.
 */
final class SessionCookieSerializer implements CookieSerializer {

    static final String REMEMBER_ME = SessionCookieSerializer.class.getName() + ".REMEMBER_ME";

    private final DefaultCookieSerializer delegate = new DefaultCookieSerializer();
    private final int rememberMeSeconds;

    SessionCookieSerializer(String cookieName, Duration rememberMeLifetime) {
        delegate.setCookieName(cookieName);
        delegate.setCookiePath("/");
        delegate.setUseHttpOnlyCookie(true);
        delegate.setUseSecureCookie(true);
        delegate.setSameSite("Strict");
        delegate.setUseBase64Encoding(false);
        this.rememberMeSeconds = (int) rememberMeLifetime.toSeconds();
    }

    @Override
    public void writeCookieValue(CookieValue cookieValue) {
        HttpServletRequest request = cookieValue.getRequest();
        if (request.getAttribute(REMEMBER_ME) != null && !cookieValue.getCookieValue().isEmpty()) {
            cookieValue.setCookieMaxAge(rememberMeSeconds);
        }
        delegate.writeCookieValue(cookieValue);
    }

    @Override
    public List<String> readCookieValues(HttpServletRequest request) {
        return delegate.readCookieValues(request);
    }
}
