package org.roost.signin;

import java.security.Principal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.roost.authserver.ClientOwners;
import org.roost.authserver.SignInSessions;
import org.roost.federation.Providers;
import org.roost.user.UserService;
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

    SignInPages(RegisteredClientRepository clients, UserService users, ClientOwners owners, Providers providers) {
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
            return Html.page("Signed in", "<p>You are signed in to Roost. You can close this page.</p>");
        }
        String message = error != null ? "The username or password is incorrect, or there were too many attempts. "
                + "Please try again." : expired != null ? "The sign-in took too long or had too many wrong codes. "
                + "Please sign in again." : null;
        String alert = message == null ? "" : "<p class=\"error\" role=\"alert\" id=\"signin-error\">" + message + "</p>";
        String described = message == null ? "" : " aria-describedby=\"signin-error\"";
        return Html.page("Sign in", alert + """
                <form method="post" action="%s">
                <input type="hidden" name="%s" value="%s">
                <label for="username">Username</label>
                <input type="text" id="username" name="username" autocomplete="username" required autofocus%s>
                <label for="password">Password</label>
                <input type="password" id="password" name="password" autocomplete="current-password" required%s>
                <button type="submit">Sign in</button>
                </form>
                <div id="passkey" data-csrf-header="%s" data-csrf="%s" hidden>
                <p class="error" role="alert" id="passkey-error" hidden></p>
                <button type="button" class="secondary" id="passkey-sign-in">Sign in with a passkey</button>
                </div>
                %s<p><a href="/forgot-password">Forgot password?</a></p>
                <script type="module" src="/app/signin-page.js"></script>""".formatted(SignInSessions.SIGN_IN_PAGE, Html.escape(csrf.getParameterName()),
                Html.escape(csrf.getToken()), described, described, Html.escape(csrf.getHeaderName()),
                Html.escape(csrf.getToken()), providerButtons()));
    }

    /** "Sign in with …" per configured OpenID Connect provider (package federation), back here when done. */
    private String providerButtons() {
        StringBuilder buttons = new StringBuilder();
        for (Providers.Provider provider : providers.list()) {
            buttons.append("<form method=\"get\" action=\"").append(Html.escape(provider.start())).append("\">")
                    .append("<input type=\"hidden\" name=\"purpose\" value=\"authorize\">")
                    .append("<button type=\"submit\" class=\"secondary\">Sign in with ").append(Html.escape(provider.name()))
                    .append("</button></form>\n");
        }
        return buttons.isEmpty() ? "" : "<p>Or sign in with another account:</p>\n" + buttons;
    }

    @GetMapping(path = SignInSessions.CONSENT_PAGE, produces = MediaType.TEXT_HTML_VALUE)
    @ResponseBody
    ResponseEntity<String> consent(Principal principal, CsrfToken csrf,
            @RequestParam("client_id") String clientId, @RequestParam String state,
            @RequestParam(defaultValue = "") String scope) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client == null) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_HTML)
                    .body(Html.page("Unknown application", "<p>No application is registered under this name.</p>"));
        }
        Set<String> requested = Arrays.stream(scope.split(" ")).filter(s -> !s.isBlank())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Map<String, String> hidden = new LinkedHashMap<>();
        hidden.put("client_id", clientId);
        hidden.put("state", state);
        hidden.put(csrf.getParameterName(), csrf.getToken());
        String body = ConsentForm.render(client.getClientName(), owners.ownerOf(client), username(principal.getName()),
                requested, "/oauth2/authorize", hidden);
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(Html.signedInPage("Allow access?", body));
    }

    String username(String subject) {
        try {
            return " (signed in as " + Html.escape(users.get(Long.parseLong(subject)).username()) + ")";
        }
        catch (RuntimeException unknown) {
            return "";
        }
    }

}
