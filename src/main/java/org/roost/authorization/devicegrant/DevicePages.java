package org.roost.authorization.devicegrant;

import java.security.Principal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.roost.authorization.server.ClientOwners;
import org.roost.authorization.signin.ConsentForm;
import org.roost.identity.user.UserService;
import org.roost.platform.web.HtmlPages;
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
    private final HtmlPages pages;

    DevicePages(RegisteredClientRepository clients, ClientOwners owners, UserService users, HtmlPages pages) {
        this.pages = pages;
        this.clients = clients;
        this.owners = owners;
        this.users = users;
    }

    @GetMapping(path = DeviceFlow.PAGE, produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> enterCode(CsrfToken csrf,
            @RequestParam(name = "user_code", required = false) @Nullable String userCode,
            @RequestParam(required = false) @Nullable String answer) {
        if ("allowed".equals(answer)) {
            return html(pages.render("deviceflow/connected", HtmlPages.Header.HOME, "Device connected", Map.of()));
        }
        if ("denied".equals(answer)) {
            return html(pages.render("deviceflow/denied", HtmlPages.Header.HOME, "Access denied", Map.of()));
        }
        return html(pages.render("deviceflow/enter-code", HtmlPages.Header.HOME, "Connect a device", Map.of(
                "invalid", "invalid".equals(answer), "action", DeviceFlow.VERIFICATION_ENDPOINT,
                "csrfParameter", csrf.getParameterName(), "csrfToken", csrf.getToken(),
                "userCode", userCode == null ? "" : userCode)));
    }

    @GetMapping(path = DeviceFlow.CONSENT_PAGE, produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> consent(Principal principal, CsrfToken csrf, @RequestParam("client_id") String clientId,
            @RequestParam String state, @RequestParam("user_code") String userCode,
            @RequestParam(defaultValue = "") String scope) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client == null) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_HTML)
                    .body(pages.render("unknown-application", HtmlPages.Header.SIGN_UP, "Unknown application", Map.of()));
        }
        Map<String, String> hidden = new LinkedHashMap<>();
        hidden.put("client_id", clientId);
        hidden.put("state", state);
        hidden.put("user_code", userCode);
        hidden.put(csrf.getParameterName(), csrf.getToken());
        List<String> scopes = Arrays.stream(scope.split(" ")).filter(s -> !s.isBlank()).distinct().toList();
        Map<String, Object> model = ConsentForm.model(client.getClientName(), owners.ownerOf(client),
                signedInAs(principal.getName()), scopes, DeviceFlow.VERIFICATION_ENDPOINT, hidden);
        model.put("userCode", userCode);
        return html(pages.render("deviceflow/consent", HtmlPages.Header.HOME, "Allow this device?", model));
    }

    private @Nullable String signedInAs(String subject) {
        try {
            return users.get(Long.parseLong(subject)).username();
        }
        catch (RuntimeException unknown) {
            return null;
        }
    }

    private static ResponseEntity<String> html(String page) {
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(page);
    }
}
