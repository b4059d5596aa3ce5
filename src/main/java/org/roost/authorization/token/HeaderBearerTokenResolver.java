package org.roost.authorization.token;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;
import org.springframework.stereotype.Component;

/**
 * Spring Security's {@link DefaultBearerTokenResolver}, without its regular expression on the common path. That
 * expression ({@code ^Bearer (?<token>[a-zA-Z0-9-._~+/]+=*)$}, case-insensitive) over an 800-character token was
 * a tenth of the CPU of an authenticated read (JFR, docs/performance.md). A well-formed {@code Authorization:
 * Bearer} header on a request that cannot carry an {@code access_token} parameter is read here with a loop;
 * everything else (no header, a malformed one, a query string or form that may name a second token) goes to the
 * default resolver, so the answers, errors included, stay Spring Security's. {@code HeaderBearerTokenResolverTest} compares
 * both on a corpus of headers. The one bean serves every chain that reads bearer tokens.
 */
@Component
class HeaderBearerTokenResolver implements BearerTokenResolver {

    private static final String SCHEME = "Bearer ";

    private final DefaultBearerTokenResolver standard = new DefaultBearerTokenResolver();

    @Override
    public @Nullable String resolve(HttpServletRequest request) {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization != null && mayNotCarryParameterToken(request)) {
            String token = token(authorization);
            if (token != null) {
                return token;
            }
        }
        return standard.resolve(request);
    }

    /** The token of a well-formed {@code Bearer} header (RFC 6750, 2.1: b64token), or null. */
    static @Nullable String token(String authorization) {
        if (!authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return null;
        }
        int end = authorization.length();
        while (end > SCHEME.length() && authorization.charAt(end - 1) == '=') {
            end--;
        }
        if (end == SCHEME.length()) {
            return null;
        }
        for (int i = SCHEME.length(); i < end; i++) {
            if (!tokenChar(authorization.charAt(i))) {
                return null;
            }
        }
        return authorization.substring(SCHEME.length());
    }

    private static boolean tokenChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/';
    }

    /** The default resolver also looks for {@code access_token} in a GET's query or a form POST's body. */
    private static boolean mayNotCarryParameterToken(HttpServletRequest request) {
        String query = request.getQueryString();
        if (query != null && query.contains("access_token")) {
            return false;
        }
        String type = request.getContentType();
        return !(HttpMethod.POST.matches(request.getMethod()) && type != null
                && type.startsWith(MediaType.APPLICATION_FORM_URLENCODED_VALUE));
    }
}
