package org.roost.platform.stepup;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.stereotype.Component;

/**
 * The one check before a sensitive change (a passkey, a provider link, two-factor on or off, an app or its secret,
 * signing out the other devices, deleting the account): the credential of the request must show that its user proved
 * who they are within {@code roost.security.reauthentication-window}. A session shows when it was signed in or last
 * re-authenticated ({@link SignInRecord#verifiedAt}); a token shows {@code auth_time}, which only a token minted by a
 * sign-in carries (a refreshed one does not: a refresh proves nobody). Anything else (a WebSocket's connection, a
 * client acting for itself) has nothing to show and is refused.
 */
@Component
public class Reauthentication {

    private final ReauthenticationProperties properties;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    Reauthentication(ReauthenticationProperties properties, ApplicationEventPublisher events, Clock clock) {
        this.properties = properties;
        this.events = events;
        this.clock = clock;
    }

    /**
     * @throws ApiException {@code REAUTHENTICATION_REQUIRED} unless this request's credential is the caller's and
     *                      shows a sign-in within the window
     */
    public void require(Caller caller) {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        long userId = switch (caller) {
            case Caller.User user -> user.id();
            case Caller.Client client -> throw ApiException.forbidden("A client acting for itself cannot act as a user.");
        };
        require(authentication, userId);
    }

    /** As {@link #require(Caller)}, for a filter in front of a framework endpoint that has only the authentication. */
    public void require(@Nullable Authentication authentication) {
        require(authentication, null);
    }

    private void require(@Nullable Authentication authentication, @Nullable Long userId) {
        Optional<Instant> verified = verifiedAt(authentication, userId);
        if (verified.isEmpty() || verified.get().plus(properties.reauthenticationWindow()).isBefore(clock.instant())) {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.REAUTHENTICATION_REQUIRED,
                    userId == null ? "unknown" : userId));
            throw new ApiException(ErrorCode.REAUTHENTICATION_REQUIRED, ErrorCode.REAUTHENTICATION_REQUIRED.defaultMessage());
        }
    }

    private static Optional<Instant> verifiedAt(@Nullable Authentication authentication, @Nullable Long userId) {
        if (authentication == null || !authentication.isAuthenticated()) {
            return Optional.empty();
        }
        return switch (authentication.getPrincipal()) {
            case SignInRecord user when userId == null || user.id() == userId -> Optional.ofNullable(user.verifiedAt());
            case Jwt jwt when userId != null && Long.toString(userId).equals(jwt.getSubject()) ->
                    Optional.ofNullable(jwt.getClaimAsInstant("auth_time"));
            case null, default -> Optional.empty();
        };
    }
}
