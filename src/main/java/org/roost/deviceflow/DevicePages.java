package org.roost.deviceflow;

import java.security.Principal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.roost.authserver.ClientOwners;
import org.roost.signin.ConsentForm;
import org.roost.signin.Html;
import org.roost.user.UserService;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The verification page ({@code verification_uri}) and the device's consent page, in the sign-in pages' look.
 * Both need a signed-in person (the sign-in form comes first otherwise, then this page again). The code form posts
 * to Spring's device verification endpoint, which sends the person on to the consent page; its answer comes back
 * here as {@code ?answer=allowed|denied|invalid}.
 */
@Controller
class DevicePages {

    private final RegisteredClientRepository clients;
    private final ClientOwners owners;
    private final UserService users;

    DevicePages(RegisteredClientRepository clients, ClientOwners owners, UserService users) {
        this.clients = clients;
        this.owners = owners;
        this.users = users;
    }

    @GetMapping(path = DeviceFlow.PAGE, produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> enterCode(CsrfToken csrf,
            @RequestParam(name = "user_code", required = false) @Nullable String userCode,
            @RequestParam(required = false) @Nullable String answer) {
        if ("allowed".equals(answer)) {
            return html(Html.signedInPage("Device connected", "<p role=\"status\">Your device is connected to your Roost account. "
                    + "You can go back to it now.</p>"));
        }
        if ("denied".equals(answer)) {
            return html(Html.signedInPage("Access denied", "<p role=\"status\">You denied access: the device is not connected.</p>"));
        }
        String alert = "invalid".equals(answer) ? "<p class=\"error\" role=\"alert\" id=\"code-error\">That code is not "
                + "valid, or it has expired. Check the code on your device, or start again there.</p>" : "";
        String described = alert.isEmpty() ? "" : " aria-describedby=\"code-error\"";
        return html(Html.signedInPage("Connect a device", alert + """
                <p>Enter the code your device shows. You will then see which app asks for what, and decide.</p>
                <form method="post" action="%s">
                <input type="hidden" name="%s" value="%s">
                <label for="user_code">Code</label>
                <input type="text" id="user_code" name="user_code" value="%s" autocomplete="off" autocapitalize="characters"
                 spellcheck="false" required autofocus%s>
                <button type="submit">Continue</button>
                </form>""".formatted(DeviceFlow.VERIFICATION_ENDPOINT, Html.escape(csrf.getParameterName()),
                Html.escape(csrf.getToken()), Html.escape(userCode == null ? "" : userCode),
                described)));
    }

    @GetMapping(path = DeviceFlow.CONSENT_PAGE, produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> consent(Principal principal, CsrfToken csrf, @RequestParam("client_id") String clientId,
            @RequestParam String state, @RequestParam("user_code") String userCode,
            @RequestParam(defaultValue = "") String scope) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client == null) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_HTML)
                    .body(Html.page("Unknown application", "<p>No application is registered under this name.</p>"));
        }
        Map<String, String> hidden = new LinkedHashMap<>();
        hidden.put("client_id", clientId);
        hidden.put("state", state);
        hidden.put("user_code", userCode);
        hidden.put(csrf.getParameterName(), csrf.getToken());
        List<String> scopes = Arrays.stream(scope.split(" ")).filter(s -> !s.isBlank()).distinct().toList();
        String body = "<p>Device code <strong><code>" + Html.escape(userCode) + "</code></strong>: check that your "
                + "device shows the same.</p>\n" + ConsentForm.render(client.getClientName(), owners.ownerOf(client),
                signedInAs(principal.getName()), scopes, DeviceFlow.VERIFICATION_ENDPOINT, hidden);
        return html(Html.signedInPage("Allow this device?", body));
    }

    private String signedInAs(String subject) {
        try {
            return " (signed in as " + Html.escape(users.get(Long.parseLong(subject)).username()) + ")";
        }
        catch (RuntimeException unknown) {
            return "";
        }
    }

    private static ResponseEntity<String> html(String page) {
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(page);
    }
}
