package org.roost.identity.notices;

import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.identity.devices.DeviceEvents;
import org.roost.identity.email.Mailer;
import org.roost.identity.email.OutgoingMail;
import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.user.ContactEmail;
import org.roost.identity.user.UserEvents;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Tells the owner, at their verified address, of each sensitive change to their account, whoever made it and through
 * whichever door: a thief who got past the re-authentication (or a mailed reset link) is seen at once. Listens to the
 * audit events the changes publish anyway, so no change needs a second call; the mail leaves once the change commits
 * (Mailer). A change of address is told to the previous address by email.EmailVerifications.
 */
@Component
class ChangeNotices {

    private final UserService users;
    private final Mailer mailer;

    ChangeNotices(UserService users, Mailer mailer) {
        this.users = users;
        this.mailer = mailer;
    }

    @EventListener
    void on(SecurityEvent event) {
        String change = switch (event.kind()) {
            case PASSKEY_ADDED -> "a passkey was added";
            case PASSWORD_CHANGED -> "your password was changed";
            case PASSWORD_RESET -> "your password was reset with a link mailed to you";
            case TWO_FACTOR_ENABLED -> "two-factor sign-in was turned on";
            case TWO_FACTOR_DISABLED -> "two-factor sign-in was turned off";
            case PROVIDER_LINKED -> "a sign-in provider (" + event.details().getOrDefault("provider", "?") + ") was linked";
            case CLIENT_REGISTERED -> "an app was registered in your name";
            case CLIENT_SECRET_ROTATED -> "a new secret was made for one of your apps";
            default -> null;
        };
        if (change != null) {
            userId(event.user()).ifPresent(id -> notify(id, change));
        }
    }

    @EventListener
    void on(DeviceEvents.OthersSignedOut event) {
        notify(event.userId(), "every other device was signed out");
    }

    /** Before the row goes: afterwards there is no address to write to. */
    @EventListener
    void on(UserEvents.UserDeleting event) {
        notify(event.userId(), "your account was deleted");
    }

    private void notify(long userId, String change) {
        Optional<UserSummary> user = users.find(userId);
        ContactEmail email = user.isEmpty() ? ContactEmail.NONE : users.email(userId);
        if (email.email() == null || !email.verified()) {
            return; // an address nobody proved may be anyone's
        }
        mailer.send(new OutgoingMail(email.email(), "account-changed", Map.of("username", user.get().username(),
                "change", change, "settings_link", mailer.link("/settings"))));
    }

    private static Optional<Long> userId(@Nullable String user) {
        try {
            return user == null ? Optional.empty() : Optional.of(Long.parseLong(user));
        }
        catch (NumberFormatException name) {
            return Optional.empty();
        }
    }
}
