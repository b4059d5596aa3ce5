package org.roost.identity.federation;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.web.RequestPaths;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.client.authentication.OAuth2AuthenticationToken;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.stereotype.Component;

/**
 * What happens when a provider sends the person back ({@code /login/oauth2/code/{id}}, on the sign-in session): the
 * account is resolved ({@link AccountResolution}), or the link settings asked for is made, and the person goes on to
 * where they started. Nothing of the provider's (its tokens) is kept but the link.
 */
@Component
class ProviderCallbacks implements AuthenticationSuccessHandler, AuthenticationFailureHandler {

    static final String SESSION_PATH = "/auth/federated/session";

    private final AccountResolution accounts;
    private final Providers providers;
    private final Tickets tickets;
    private final ProviderSignIns authorizeSignIns;
    private final ApplicationEventPublisher events;
    private final Pages pages;

    ProviderCallbacks(AccountResolution accounts, Providers providers, Tickets tickets, ProviderSignIns authorizeSignIns,
            ApplicationEventPublisher events, Pages pages) {
        this.pages = pages;
        this.accounts = accounts;
        this.providers = providers;
        this.tickets = tickets;
        this.authorizeSignIns = authorizeSignIns;
        this.events = events;
    }

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
            Authentication authentication) throws IOException {
        HttpSession session = request.getSession();
        SignInStarts.Purpose purpose = SignInStarts.Purpose.decode(session.getAttribute(SignInStarts.PURPOSE));
        session.removeAttribute(SignInStarts.PURPOSE);
        OAuth2AuthenticationToken token = (OAuth2AuthenticationToken) authentication;
        String registrationId = token.getAuthorizedClientRegistrationId();
        String name = providers.find(registrationId).map(Providers.Provider::name).orElse(registrationId);
        if (!(token.getPrincipal() instanceof OidcUser user)) {
            pages.refusal(response, Refusal.NOT_OPENID, name);
            return;
        }
        ProviderAssertion assertion = ProviderAssertion.of(registrationId, user);
        AccountResolution.Outcome outcome = switch (purpose) {
            case SignInStarts.Purpose.Link link -> accounts.link(link.userId(), assertion);
            case SignInStarts.Purpose.WebApp app -> accounts.signIn(assertion);
            case SignInStarts.Purpose.Authorize authorize -> accounts.signIn(assertion);
        };
        switch (outcome) {
            case AccountResolution.Refused refused -> pages.refusal(response, refused.refusal(), name);
            case AccountResolution.SignedIn signedIn -> {
                long userId = signedIn.user().id();
                switch (purpose) {
                    case SignInStarts.Purpose.Link link -> response.sendRedirect("/settings?linked=" + registrationId);
                    case SignInStarts.Purpose.WebApp app -> response.sendRedirect(SESSION_PATH + "?ticket="
                            + tickets.issue(Tickets.Kind.SIGN_IN, userId, registrationId, BrowserBinding.SIGN_IN.bind(response)));
                    case SignInStarts.Purpose.Authorize authorize -> {
                        // the sign-in page's package starts its own kind of session (and asks for a second factor)
                        authorizeSignIns.handOver(session, userId);
                        response.sendRedirect(ProviderSignIns.CONTINUE_PATH);
                    }
                }
            }
        }
    }

    /** The provider refused, the person cancelled, or the answer came to a browser that did not ask. */
    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
            AuthenticationException exception) throws IOException {
        String path = RequestPaths.of(request);
        String registrationId = path.substring(path.lastIndexOf('/') + 1);
        String name = providers.find(registrationId).map(Providers.Provider::name).orElse("unknown");
        String error = exception instanceof OAuth2AuthenticationException oauth ? oauth.getError().getErrorCode() : "error";
        // the provider's own error code comes from the query string: only a plain one goes to the audit log
        error = error.matches("[a-z_]{1,40}") ? error : "other";
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_FAILED, "unknown", "provider",
                providers.find(registrationId).isPresent() ? registrationId : "unknown", "error", error));
        pages.refusal(response, "authorization_request_not_found".equals(error) ? Refusal.SIGN_IN_EXPIRED
                : Refusal.PROVIDER_FAILED, name);
    }
}
