package org.roost.authorization.signinsession;

import org.roost.authorization.server.AuthorizationServerExtension;
import org.roost.platform.web.RequestPaths;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.session.web.http.CookieHttpSessionIdResolver;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.session.web.http.HttpSessionIdResolver;

/**
 * The authorization server's pages keep their own session, under their own cookie, in the same
 * Spring Session store. Two reasons: the API's cookie is {@code SameSite=Strict}, which a browser
 * withholds on the redirect that brings a user from a client application to {@code /oauth2/authorize};
 * and signing in to grant a client access must not log the browser in to the API itself.
 */
@Configuration(proxyBeanMethods = false)
public class SignInSessionCookie {

    public static final String COOKIE_NAME = SignInSessions.COOKIE_NAME;

    @Bean
    HttpSessionIdResolver httpSessionIdResolver(CookieSerializer apiCookie,
            ObjectProvider<AuthorizationServerExtension> extensions) {
        Set<String> pages = extensions.orderedStream().flatMap(extension -> extension.pages().stream())
                .collect(Collectors.toUnmodifiableSet());
        CookieHttpSessionIdResolver api = new CookieHttpSessionIdResolver();
        api.setCookieSerializer(apiCookie);
        DefaultCookieSerializer signInCookie = new DefaultCookieSerializer();
        signInCookie.setCookieName(COOKIE_NAME);
        signInCookie.setCookiePath("/");
        signInCookie.setUseHttpOnlyCookie(true);
        signInCookie.setUseSecureCookie(true);
        signInCookie.setSameSite("Lax");
        signInCookie.setUseBase64Encoding(false);
        CookieHttpSessionIdResolver signIn = new CookieHttpSessionIdResolver();
        signIn.setCookieSerializer(signInCookie);
        return new HttpSessionIdResolver() {
            @Override
            public List<String> resolveSessionIds(HttpServletRequest request) {
                return pick(request).resolveSessionIds(request);
            }

            @Override
            public void setSessionId(HttpServletRequest request, HttpServletResponse response, String sessionId) {
                pick(request).setSessionId(request, response, sessionId);
            }

            @Override
            public void expireSession(HttpServletRequest request, HttpServletResponse response) {
                pick(request).expireSession(request, response);
            }

            private HttpSessionIdResolver pick(HttpServletRequest request) {
                String path = RequestPaths.of(request);
                return isSignInPath(path) || pages.contains(path) ? signIn : api;
            }
        };
    }

    /** The protocol endpoints, and the pages of {@code signin}: {@code /signin}, every step under it, the consent. */
    static boolean isSignInPath(String path) {
        // the OAuth client's callback too (package federation): a provider's redirect back carries only a Lax cookie
        return path.startsWith("/oauth2/") || path.startsWith("/login/oauth2/code/") || path.equals("/signin")
                || path.startsWith("/signin/") || path.equals("/consent")
                || path.startsWith("/connect/") || path.equals("/userinfo");
    }
}
