package org.roost.authorization.signin;

import java.security.Principal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.server.ClientOwners;
import org.roost.authorization.signinsession.SignInSessions;
import org.roost.identity.federation.Providers;
import org.roost.identity.user.UserService;
import org.roost.platform.web.HtmlPages;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/** The sign-in form (Spring Security processes its POST) and the consent form (posted to the authorize endpoint). */
@Controller
class SignInPages {

    private final RegisteredClientRepository clients;
    private final UserService users;
    private final ClientOwners owners;
    private final Providers providers;
    private final HtmlPages pages;

    SignInPages(RegisteredClientRepository clients, UserService users, ClientOwners owners, Providers providers,
            HtmlPages pages) {
        this.pages = pages;
        this.clients = clients;
        this.users = users;
        this.owners = owners;
        this.providers = providers;
    }

    @GetMapping(path = SignInSessions.SIGN_IN_PAGE, produces = MediaType.TEXT_HTML_VALUE)
    @ResponseBody
    String signIn(CsrfToken csrf, @Nullable Authentication authentication,
            @RequestParam(required = false) @Nullable String error, @RequestParam(required = false) @Nullable String expired) {
        if (authentication != null && authentication.isAuthenticated() && error == null) {
            return pages.render("signin/signed-in", HtmlPages.Header.SIGN_UP, "Signed in", Map.of());
        }
        String message = error != null ? "The username or password is incorrect, or there were too many attempts. "
                + "Please try again." : expired != null ? "The sign-in took too long or had too many wrong codes. "
                + "Please sign in again." : null;
        // "Sign in with …" per configured OpenID Connect provider (package federation), back here when done
        List<Map<String, String>> buttons = providers.list().stream()
                .map(provider -> Map.of("start", provider.start(), "name", provider.name())).toList();
        return pages.render("signin/sign-in", HtmlPages.Header.SIGN_UP, "Sign in", Map.of(
                "error", HtmlPages.optional(message), "action", SignInSessions.SIGN_IN_PAGE,
                "csrfParameter", csrf.getParameterName(), "csrfHeader", csrf.getHeaderName(), "csrfToken", csrf.getToken(),
                "hasProviders", !buttons.isEmpty(), "providers", buttons));
    }

    @GetMapping(path = SignInSessions.CONSENT_PAGE, produces = MediaType.TEXT_HTML_VALUE)
    @ResponseBody
    ResponseEntity<String> consent(Principal principal, CsrfToken csrf,
            @RequestParam("client_id") String clientId, @RequestParam String state,
            @RequestParam(defaultValue = "") String scope) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client == null) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_HTML)
                    .body(pages.render("unknown-application", HtmlPages.Header.SIGN_UP, "Unknown application", Map.of()));
        }
        Set<String> requested = Arrays.stream(scope.split(" ")).filter(s -> !s.isBlank())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Map<String, String> hidden = new LinkedHashMap<>();
        hidden.put("client_id", clientId);
        hidden.put("state", state);
        hidden.put(csrf.getParameterName(), csrf.getToken());
        Map<String, Object> form = ConsentForm.model(client.getClientName(), owners.ownerOf(client),
                username(principal.getName()), requested, "/oauth2/authorize", hidden);
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML)
                .body(pages.render("signin/consent", HtmlPages.Header.HOME, "Allow access?", form));
    }

    @Nullable String username(String subject) {
        try {
            return users.get(Long.parseLong(subject)).username();
        }
        catch (RuntimeException unknown) {
            return null;
        }
    }

}
