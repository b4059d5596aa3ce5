package org.roost.identity.federation;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.swagger.v3.oas.annotations.Hidden;
import org.roost.identity.session.SessionSignIn;
import org.roost.platform.shared.RandomSecrets;
import org.roost.platform.shared.SecondFactorRequired;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import io.swagger.v3.oas.annotations.Operation;
import org.roost.platform.openapi.Outcomes;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The providers on offer (public, for the sign-in pages' buttons), and the step that turns a finished provider
 * sign-in into a web app session: it runs on the web app's cookie, which the provider's redirect could not carry.
 */
@RestController
class ProviderController {

    /** @param items the configured providers; empty when none is */
    record ProviderList(List<ProviderRepresentation> items) {
    }

    /**
     * @param id    the provider's registration id
     * @param name  what to call it ("Sign in with {name}")
     * @param start where signing in with it begins: a browser navigates there (GET)
     */
    record ProviderRepresentation(String id, String name, String start) {
    }

    private final Providers providers;
    private final Tickets tickets;
    private final UserService users;
    private final SecondFactors secondFactors;
    private final SessionSignIn signIns;
    private final ApplicationEventPublisher events;
    private final Pages pages;

    ProviderController(Providers providers, Tickets tickets, UserService users, SecondFactors secondFactors,
            SessionSignIn signIns, ApplicationEventPublisher events, Pages pages) {
        this.pages = pages;
        this.providers = providers;
        this.tickets = tickets;
        this.users = users;
        this.secondFactors = secondFactors;
        this.signIns = signIns;
        this.events = events;
    }

    @Operation(operationId = "listProviders", summary = "The OpenID Connect providers one can sign in with", tags = "auth")
    @Outcomes(errors = { "429" }, open = true)
    @GetMapping(path = "/auth/providers", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<ProviderList> list() {
        ProviderList list = new ProviderList(providers.list().stream()
                .map(p -> new ProviderRepresentation(p.id(), p.name(), p.start())).toList());
        // tagged like the API's representations (a 304 for a matching If-None-Match): it changes only with a restart
        return ResponseEntity.ok().cacheControl(CacheControl.noCache())
                .eTag(RandomSecrets.hash(list.toString()).substring(0, 32)).body(list);
    }

    /**
     * Redeems the ticket {@link ProviderCallbacks} issued to this browser: a web app session, or the second step of a
     * sign-in for an account with two-factor sign-in on (the web app's sign-in page asks for the code).
     */
    @Hidden // a step of a browser's redirects, answered with redirects and pages (docs/federation.md), not an API
    @GetMapping(path = ProviderCallbacks.SESSION_PATH, produces = MediaType.TEXT_HTML_VALUE)
    void session(@RequestParam(required = false) String ticket, HttpServletRequest request,
            HttpServletResponse response) throws IOException {
        Optional<Tickets.Ticket> redeemed = BrowserBinding.SIGN_IN.take(request, response)
                .flatMap(browser -> ticket == null ? Optional.empty() : tickets.redeem(Tickets.Kind.SIGN_IN, ticket, browser));
        Optional<org.roost.identity.user.UserSummary> user = redeemed.flatMap(t -> users.find(t.userId()));
        if (redeemed.isEmpty() || user.isEmpty()) {
            pages.refusal(response, Refusal.SIGN_IN_EXPIRED, redeemed.map(Tickets.Ticket::registrationId).orElse("unknown"));
            return;
        }
        String provider = redeemed.get().registrationId();
        try {
            secondFactors.requireIfEnabled(user.get().id());
        }
        catch (SecondFactorRequired due) {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.SECOND_FACTOR_REQUIRED, user.get().id(),
                    "provider", provider));
            // In the fragment: never sent to a server, so never in an access log; the page removes it at once.
            response.sendRedirect("/login#second-factor=" + due.step().stepToken());
            return;
        }
        signIns.establish(user.get(), false, request, response);
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_SUCCEEDED, user.get().id(), "provider", provider));
        response.sendRedirect("/");
    }
}
