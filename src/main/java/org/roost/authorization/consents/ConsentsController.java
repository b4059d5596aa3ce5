package org.roost.authorization.consents;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.web.ApiPaths;
import org.roost.platform.openapi.Outcomes;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The signed-in person's remembered consents ({@code /api/v1/consents}, with {@code users:write} like every
 * account setting). Revoking one goes through the authorization server's consent store, which removes the app's
 * authorizations for the person with it: their access tokens are refused at once, their refresh tokens no longer
 * work (see {@code authserver.RevokingConsentService}).
 */
@RestController
@RequestMapping(path = ApiPaths.V1 + "/consents", produces = "application/json")
class ConsentsController {

    /** An app the person allowed: its client id and name, and the scopes allowed. */
    record ConsentView(String clientId, String appName, List<String> scopes) {
    }

    record ConsentList(List<ConsentView> items) {
    }

    private final OAuth2AuthorizationConsentService consents;
    private final RegisteredClientRepository clients;
    private final JdbcClient jdbc;
    private final ApplicationEventPublisher events;

    ConsentsController(OAuth2AuthorizationConsentService consents, RegisteredClientRepository clients,
            JdbcClient jdbc, ApplicationEventPublisher events) {
        this.consents = consents;
        this.clients = clients;
        this.jdbc = jdbc;
        this.events = events;
    }

    @Operation(operationId = "listConsents", summary = "List the apps you allowed", tags = "consents")
    @Outcomes(errors = { "401", "403" })
    @GetMapping
    ConsentList listConsents(Caller caller) {
        String person = Long.toString(caller.requireUser(Scopes.USERS_WRITE).id());
        List<ConsentView> items = jdbc.sql("SELECT registered_client_id FROM oauth2_authorization_consent "
                + "WHERE principal_name = :person ORDER BY registered_client_id").param("person", person)
                .query(String.class).list().stream()
                .map(id -> view(clients.findById(id), consents.findById(id, person)))
                .filter(java.util.Objects::nonNull).toList();
        return new ConsentList(items);
    }

    @Operation(operationId = "revokeConsent", summary = "Revoke an app's access (ends its tokens)", tags = "consents")
    @Outcomes(success = "204", errors = { "401", "403", "404" })
    @DeleteMapping("/{app}")
    ResponseEntity<Void> revokeConsent(@PathVariable("app") String clientId, Caller caller) {
        long user = caller.requireUser(Scopes.USERS_WRITE).id();
        RegisteredClient client = clients.findByClientId(clientId);
        OAuth2AuthorizationConsent consent = client == null ? null : consents.findById(client.getId(), Long.toString(user));
        if (consent == null) {
            throw ApiException.notFound("The consent");
        }
        consents.remove(consent);
        events.publishEvent(SecurityEvent.ofClient(SecurityEvent.Kind.CONSENT_REVOKED, clientId, user));
        return ResponseEntity.noContent().build();
    }

    private @Nullable ConsentView view(@Nullable RegisteredClient client, @Nullable OAuth2AuthorizationConsent consent) {
        if (client == null || consent == null) {
            return null;
        }
        return new ConsentView(client.getClientId(), client.getClientName(), consent.getScopes().stream().sorted().toList());
    }
}
