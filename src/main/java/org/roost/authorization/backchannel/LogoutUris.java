package org.roost.authorization.backchannel;

import java.util.Optional;

import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.stereotype.Component;

/** A client's back-channel logout URI: from its registration, else from Roost's configuration. */
@Component
class LogoutUris {

    private final RegisteredClientRepository clients;
    private final BackchannelProperties properties;

    LogoutUris(RegisteredClientRepository clients, BackchannelProperties properties) {
        this.clients = clients;
        this.properties = properties;
    }

    Optional<String> of(String clientId) {
        RegisteredClient client = clients.findByClientId(clientId);
        if (client != null && client.getClientSettings().getSetting(BackchannelLogoutSettings.URI) instanceof String uri
                && !uri.isBlank()) {
            return Optional.of(uri);
        }
        return Optional.ofNullable(properties.clients().get(clientId)).map(configured -> configured.uri().toString());
    }

    boolean any(String clientId) {
        return of(clientId).isPresent();
    }
}
