package org.roost.authorization.server;

import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserService;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerProperties;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.stereotype.Component;

/**
 * Who set a client up, as the consent pages say it. Only the clients in the operator's configuration
 * ({@code spring.security.oauth2.authorizationserver.client.*}, stored under their configured ids) are the
 * operator's; every other one was registered by someone: a person in the developer console (their user id under
 * {@value #SETTING}) or another client at {@code /connect/register} (its client id under
 * {@value #REGISTRAR_SETTING}). A client with neither (registered before registrars were kept, or whose owner has
 * gone) is still not the operator's.
 */
@Component
public class ClientOwners {

    public static final String SETTING = "settings.client.roost-owner";
    public static final String REGISTRAR_SETTING = "settings.client.roost-registrar";

    private final UserService users;
    private final RegisteredClientRepository clients;
    private final Set<String> configured;

    ClientOwners(UserService users, RegisteredClientRepository clients, OAuth2AuthorizationServerProperties properties) {
        this.users = users;
        this.clients = clients;
        this.configured = Set.copyOf(properties.getClient().keySet());
    }

    /** The owner's user id, or null for a client no person registered. */
    public static @Nullable Long ownerId(RegisteredClient client) {
        Object owner = client.getClientSettings().getSetting(SETTING);
        return owner == null ? null : Long.valueOf(owner.toString());
    }

    /** Who registered the client, in words, or null for a client the operator configured. */
    public @Nullable String ownerOf(RegisteredClient client) {
        if (configured.contains(client.getId())) {
            return null;
        }
        Long owner = ownerId(client);
        if (owner != null) {
            try {
                return users.get(owner).username();
            }
            catch (RuntimeException deleted) {
                return "a person no longer on this Roost";
            }
        }
        if (client.getClientSettings().getSetting(REGISTRAR_SETTING) instanceof String registrar) {
            RegisteredClient by = clients.findByClientId(registrar);
            return "the application " + (by == null ? registrar : by.getClientName()) + " (dynamic registration)";
        }
        return "an application, through dynamic registration";
    }
}
