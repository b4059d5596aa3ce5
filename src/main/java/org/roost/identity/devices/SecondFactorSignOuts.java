package org.roost.identity.devices;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.SecurityEvent;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Turning two-factor sign-in on signs out whoever was signed in on one factor alone, as a new password does; the
 * device that turned it on stays. It listens to the audit event the enrolment publishes anyway (as
 * {@code notices.ChangeNotices} does), so {@code twofactor} need not know of devices. Once the enrolment has
 * committed, and on the request's thread (not an {@code @ApplicationModuleListener}): the device to keep is the
 * request's, and the answer comes only after the others are signed out.
 */
@Component
class SecondFactorSignOuts {

    private final Devices devices;

    SecondFactorSignOuts(Devices devices) {
        this.devices = devices;
    }

    @TransactionalEventListener(fallbackExecution = true)
    void on(SecurityEvent event) {
        if (event.kind() != SecurityEvent.Kind.TWO_FACTOR_ENABLED || event.user() == null) {
            return;
        }
        HttpServletRequest request = currentRequest();
        devices.signOutOthers(Long.parseLong(event.user()), request == null ? null : Devices.current(request));
    }

    private static @Nullable HttpServletRequest currentRequest() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? attributes.getRequest() : null;
    }
}
