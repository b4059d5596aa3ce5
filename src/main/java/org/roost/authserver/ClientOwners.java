package org.roost.authserver;

import org.jspecify.annotations.Nullable;
import org.roost.user.UserService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.stereotype.Component;

/**
 * Who registered a client: the user id in its settings under {@value #SETTING}, set when a person registers an
 * app; configured clients have none. The consent pages show the owner's username beside the app's name.
 */
@Component
public class ClientOwners {

    public static final String SETTING = "settings.client.roost-owner";

    private final UserService users;

    ClientOwners(UserService users) {
        this.users = users;
    }

    /** The owner's user id, or null for a configured client. */
    public static @Nullable Long ownerId(RegisteredClient client) {
        Object owner = client.getClientSettings().getSetting(SETTING);
        return owner == null ? null : Long.valueOf(owner.toString());
    }

    /** The owner's username, or null for a configured client (or an owner since deleted). */
    public @Nullable String ownerOf(RegisteredClient client) {
        Long owner = ownerId(client);
        try {
            return owner == null ? null : users.get(owner).username();
        }
        catch (RuntimeException deleted) {
            return null;
        }
    }
}
