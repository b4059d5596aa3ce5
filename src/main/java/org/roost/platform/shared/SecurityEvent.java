package org.roost.platform.shared;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Something an auditor wants on record: published as an application event where it happens (a
 * one-line call), written to the audit log and counted in the metrics by one listener. The address
 * and request id are added by that listener from the request being served. Never a secret in it.
 *
 * @param user the user's id, or the username given when no user is known (a failed login)
 * @param client the OAuth client, when one acted
 * @param details further facts, such as the grant type (never a password, token or secret)
 */
public record SecurityEvent(Kind kind, @Nullable String user, @Nullable String client, Map<String, String> details) {

    public enum Kind {
        SIGNED_UP, LOGIN_SUCCEEDED, LOGIN_FAILED, LOGIN_THROTTLED, TOKEN_ISSUED, TOKEN_REFRESHED,
        REFRESH_TOKEN_REPLAYED, TOKEN_REVOKED, PASSWORD_CHANGED, ACCOUNT_DELETED, CONSENT_GRANTED, CONSENT_DENIED,
        AUTHORIZATION_REQUEST_PUSHED, DEVICE_AUTHORIZATION_REQUESTED, DEVICE_AUTHORIZATION_ANSWERED, CONSENT_REVOKED,
        CLIENT_REGISTERED, CLIENT_SECRET_ROTATED, CLIENT_DELETED, BACKCHANNEL_LOGOUT_SENT, BACKCHANNEL_LOGOUT_FAILED,
        EMAIL_CHANGED, EMAIL_VERIFIED, EMAIL_VERIFICATION_FAILED, PASSWORD_RESET_REQUESTED, PASSWORD_RESET,
        PASSWORD_RESET_FAILED, TWO_FACTOR_ENABLED, TWO_FACTOR_DISABLED, SECOND_FACTOR_REQUIRED, SECOND_FACTOR_FAILED,
        SECOND_FACTOR_THROTTLED, RECOVERY_CODE_USED, DEVICE_SIGNED_OUT, PASSKEY_ADDED, PASSKEY_RENAMED, PASSKEY_REMOVED,
        PROVIDER_LINKED, PROVIDER_UNLINKED, PROVIDER_SIGN_IN_REFUSED, REAUTHENTICATION_REQUIRED, REAUTHENTICATED
    }

    public SecurityEvent {
        details = Map.copyOf(details);
    }

    /** An event about a user; {@code details} are name, value pairs. */
    public static SecurityEvent ofUser(Kind kind, Object user, String... details) {
        return new SecurityEvent(kind, String.valueOf(user), null, pairs(details));
    }

    /** An event about an OAuth client, acting for a user when {@code user} is not null. */
    public static SecurityEvent ofClient(Kind kind, String client, @Nullable Object user, String... details) {
        return new SecurityEvent(kind, user == null ? null : String.valueOf(user), client, pairs(details));
    }

    private static Map<String, String> pairs(String... details) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i + 1 < details.length; i += 2) {
            map.put(details[i], details[i + 1]);
        }
        return map;
    }
}
