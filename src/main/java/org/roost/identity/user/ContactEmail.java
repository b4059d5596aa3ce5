package org.roost.identity.user;

import org.jspecify.annotations.Nullable;

/**
 * A user's email address as only its owner sees it.
 *
 * @param email the address, or {@code null} when the user has none
 * @param verified whether the owner followed the link mailed to this very address
 */
public record ContactEmail(@Nullable String email, boolean verified) {

    public static final ContactEmail NONE = new ContactEmail(null, false);

    static ContactEmail of(@Nullable String email, @Nullable String verifiedEmail) {
        return new ContactEmail(email, email != null && verifiedEmail != null);
    }
}
