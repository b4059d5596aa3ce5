package org.roost.authorization.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.web.ErrorResponses;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.web.DefaultRedirectStrategy;
import org.springframework.security.web.RedirectStrategy;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.util.StringUtils;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * The authorization endpoint's errors. One the client may hear (a verified redirect URI is known) goes back to it as
 * RFC 6749 says, exactly as Spring does. One that must not be redirected (an unknown client, a redirect URI not
 * registered, a request too broken to name either: RFC 6749 4.1.2.1) is answered here with 400: to a browser (it
 * prefers {@code text/html}), a page in plain words, since a person followed a link and JSON tells them nothing; to
 * anyone else, the contract's error body ({@code MALFORMED_REQUEST}), as before.
 */
final class AuthorizationErrors implements AuthenticationFailureHandler {

    private static final String PARAMETER = "OAuth 2.0 Parameter: ";
    private static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'";
    private static final String START_AGAIN = "Go back to the application and start again from there. If this keeps "
            + "happening, the application is set up wrongly: let the people who make it know.";

    /** What went wrong, in a person's words and a developer's. */
    enum Problem {
        UNKNOWN_CLIENT("Unknown application", "The link that brought you here names an application that is not "
                + "registered with Roost, so there is nothing to sign in to.",
                "The client_id names no registered client."),
        UNREGISTERED_REDIRECT("Unrecognised return address", "The link that brought you here would send you back to "
                + "an address that the application has not registered with Roost. Roost only sends you to addresses "
                + "it can vouch for, so it stops here.", "The redirect_uri is not one registered for this client."),
        MALFORMED("This sign-in link does not work", "The link that brought you here is incomplete or not valid, so "
                + "Roost cannot tell which application wants you to sign in, or where to send you back.",
                "The authorization request is not valid and names no redirect_uri it may be answered at.");

        final String title;
        final String explanation;
        final String message;

        Problem(String title, String explanation, String message) {
            this.title = title;
            this.explanation = explanation;
            this.message = message;
        }

        static Problem of(OAuth2Error error) {
            String description = error.getDescription();
            String parameter = description != null && description.startsWith(PARAMETER)
                    ? description.substring(PARAMETER.length()) : "";
            return switch (parameter) {
                case OAuth2ParameterNames.CLIENT_ID -> UNKNOWN_CLIENT;
                case OAuth2ParameterNames.REDIRECT_URI -> UNREGISTERED_REDIRECT;
                default -> MALFORMED;
            };
        }
    }

    private final RedirectStrategy redirects = new DefaultRedirectStrategy();
    private final ObjectProvider<AuthorizationErrorPage> pages;
    private final ErrorResponses errors;

    AuthorizationErrors(ObjectProvider<AuthorizationErrorPage> pages, ErrorResponses errors) {
        this.pages = pages;
        this.errors = errors;
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
            AuthenticationException failure) throws IOException {
        OAuth2Error error = failure instanceof OAuth2AuthenticationException oauth ? oauth.getError()
                : new OAuth2Error("invalid_request");
        OAuth2AuthorizationCodeRequestAuthenticationToken authorization =
                failure instanceof OAuth2AuthorizationCodeRequestAuthenticationException code
                        ? code.getAuthorizationCodeRequestAuthentication() : null;
        if (authorization != null && StringUtils.hasText(authorization.getRedirectUri())) {
            redirects.sendRedirect(request, response, errorRedirect(authorization.getRedirectUri(), error,
                    authorization.getState()));
            return;
        }
        Problem problem = Problem.of(error);
        AuthorizationErrorPage page = pages.getIfAvailable();
        if (page == null || !prefersHtml(request)) {
            errors.write(request, response, ErrorCode.MALFORMED_REQUEST, problem.message);
            return;
        }
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        response.setContentType(MediaType.TEXT_HTML_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.getWriter().write(page.html(problem.title, List.of(problem.explanation, START_AGAIN)));
    }

    /** As Spring's own endpoint answers: the error, its description and URI, and the state, on the verified URI. */
    private static String errorRedirect(String redirectUri, OAuth2Error error, @Nullable String state) {
        UriComponentsBuilder uri = UriComponentsBuilder.fromUriString(redirectUri)
                .queryParam(OAuth2ParameterNames.ERROR, error.getErrorCode());
        if (StringUtils.hasText(error.getDescription())) {
            uri.queryParam(OAuth2ParameterNames.ERROR_DESCRIPTION, UriUtils.encode(error.getDescription(), StandardCharsets.UTF_8));
        }
        if (StringUtils.hasText(error.getUri())) {
            uri.queryParam(OAuth2ParameterNames.ERROR_URI, UriUtils.encode(error.getUri(), StandardCharsets.UTF_8));
        }
        if (StringUtils.hasText(state)) {
            uri.queryParam(OAuth2ParameterNames.STATE, UriUtils.encode(state, StandardCharsets.UTF_8));
        }
        return uri.build(true).toUriString(); // every part is encoded already
    }

    /**
     * Whether the request prefers HTML to JSON, as a browser's {@code Accept} does; no {@code Accept}, {@code *}{@code /*}
     * or an unreadable one stays JSON, which every client took before.
     */
    static boolean prefersHtml(HttpServletRequest request) {
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        if (accept == null || accept.isBlank()) {
            return false;
        }
        try {
            double html = 0;
            double json = 0;
            for (MediaType type : MediaType.parseMediaTypes(accept)) {
                if (type.equalsTypeAndSubtype(MediaType.TEXT_HTML)) {
                    html = Math.max(html, type.getQualityValue());
                }
                else if (type.equalsTypeAndSubtype(MediaType.APPLICATION_JSON)) {
                    json = Math.max(json, type.getQualityValue());
                }
            }
            return html > 0 && html >= json;
        }
        catch (InvalidMediaTypeException unreadable) {
            return false;
        }
    }
}
