package org.roost.platform.origin;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.jspecify.annotations.Nullable;
import org.roost.platform.web.FilterOrder;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * With a configured issuer ({@code spring.security.oauth2.authorizationserver.issuer}), the {@code Host} header
 * shapes nothing a client is sent. Discovery and tokens already use the configured issuer; the redirects of the
 * sign-in flow (to {@code /signin}, back to the saved authorization request, to {@code /consent}) are built by
 * Spring Security, or completed by Tomcat, from the request's host, so a redirect whose origin is the request's own
 * is sent as a relative one:
 * a browser resolves it against the origin it actually used, and a forged {@code Host: evil.example} never comes
 * back in a {@code Location}. Without a configured issuer (the embedded default) everything follows the request.
 */
@Configuration(proxyBeanMethods = false)
class IssuerRedirects {

    @Bean
    FilterRegistrationBean<OncePerRequestFilter> issuerRedirectsFilter(AuthorizationServerSettings settings) {
        var registration = new FilterRegistrationBean<OncePerRequestFilter>(new RelativeOwnRedirects());
        registration.setEnabled(settings.getIssuer() != null);
        registration.setOrder(FilterOrder.ISSUER_REDIRECTS);
        return registration;
    }

    static final class RelativeOwnRedirects extends OncePerRequestFilter {

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            String origin = request.getScheme() + "://" + request.getHeader(HttpHeaders.HOST);
            chain.doFilter(request, new HttpServletResponseWrapper(response) {
                // Servlet 6.1 has four variants, and the wrapper passes each straight to the response it wraps
                @Override
                public void sendRedirect(String location) throws IOException {
                    sendRedirect(location, HttpServletResponse.SC_FOUND, true);
                }

                @Override
                public void sendRedirect(String location, boolean clearBuffer) throws IOException {
                    sendRedirect(location, HttpServletResponse.SC_FOUND, clearBuffer);
                }

                @Override
                public void sendRedirect(String location, int status) throws IOException {
                    sendRedirect(location, status, true);
                }

                @Override
                public void sendRedirect(String location, int status, boolean clearBuffer) throws IOException {
                    String relative = relative(location, origin);
                    if (!relative.startsWith("/") || relative.startsWith("//")) {
                        super.sendRedirect(location, status, clearBuffer); // elsewhere: a client's redirect URI
                        return;
                    }
                    // Not the container's sendRedirect: it makes a relative location absolute, from the Host
                    if (clearBuffer) {
                        resetBuffer();
                    }
                    setStatus(status);
                    setHeader(HttpHeaders.LOCATION, relative);
                    flushBuffer();
                }

                @Override
                public void setHeader(String name, @Nullable String value) {
                    super.setHeader(name, isLocation(name) && value != null ? relative(value, origin) : value);
                }

                @Override
                public void addHeader(String name, @Nullable String value) {
                    super.addHeader(name, isLocation(name) && value != null ? relative(value, origin) : value);
                }
            });
        }

        private static boolean isLocation(String name) {
            return HttpHeaders.LOCATION.equalsIgnoreCase(name);
        }

        /** The location without the request's own origin; any other location (a client's redirect URI) unchanged. */
        static String relative(String location, String origin) {
            if (location.regionMatches(true, 0, origin, 0, origin.length())
                    && (location.length() == origin.length() || "/?#".indexOf(location.charAt(origin.length())) >= 0)) {
                String rest = location.substring(origin.length());
                return rest.isEmpty() || rest.charAt(0) != '/' ? "/" + rest : rest;
            }
            return location;
        }
    }
}
