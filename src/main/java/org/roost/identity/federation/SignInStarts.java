package org.roost.identity.federation;

import java.io.IOException;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.web.RequestPaths;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * In front of Spring's redirect to the provider ({@code GET /oauth2/authorization/{id}}): answers an unknown
 * provider with a page instead of Spring's bare 500, and notes in the (sign-in) session what the answer is for: a web
 * app sign-in (the default), the authorization server's sign-in page ({@code ?purpose=authorize}), or a link that
 * settings asked for ({@code ?link=<ticket>}, redeemed here by the browser that asked).
 */
final class SignInStarts extends OncePerRequestFilter {

    static final String PREFIX = "/oauth2/authorization/";
    static final String PURPOSE = SignInStarts.class.getName() + ".PURPOSE";

    private final Providers providers;
    private final Tickets tickets;
    private final Pages pages;

    SignInStarts(Providers providers, Tickets tickets, Pages pages) {
        this.providers = providers;
        this.tickets = tickets;
        this.pages = pages;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !RequestPaths.of(request).startsWith(PREFIX);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String id = RequestPaths.of(request).substring(PREFIX.length());
        Optional<Providers.Provider> provider = providers.find(id);
        if (provider.isEmpty() || !"GET".equals(request.getMethod())) {
            pages.noSuchProvider(response, provider.isEmpty() ? 404 : 405);
            return;
        }
        String link = request.getParameter("link");
        Purpose purpose;
        if (link != null) {
            Optional<Tickets.Ticket> ticket = BrowserBinding.LINK.take(request, response)
                    .flatMap(browser -> tickets.redeem(Tickets.Kind.LINK, link, browser))
                    .filter(t -> t.registrationId().equals(id));
            if (ticket.isEmpty()) {
                pages.refusal(response, Refusal.LINK_EXPIRED, provider.get().name());
                return;
            }
            purpose = new Purpose.Link(ticket.get().userId());
        }
        else {
            purpose = "authorize".equals(request.getParameter("purpose")) ? new Purpose.Authorize() : new Purpose.WebApp();
        }
        request.getSession().setAttribute(PURPOSE, purpose.encode());
        chain.doFilter(request, response);
    }

    /** What a provider's answer is for; kept in the session as text. */
    sealed interface Purpose {

        record WebApp() implements Purpose {
        }

        record Authorize() implements Purpose {
        }

        record Link(long userId) implements Purpose {
        }

        default String encode() {
            return switch (this) {
                case WebApp w -> "app";
                case Authorize a -> "authorize";
                case Link l -> "link:" + l.userId();
            };
        }

        static Purpose decode(Object value) {
            return switch (value instanceof String text ? text : "app") {
                case "authorize" -> new Authorize();
                case String text when text.startsWith("link:") -> new Link(Long.parseLong(text.substring(5)));
                default -> new WebApp();
            };
        }
    }
}
