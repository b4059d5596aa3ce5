package org.roost.identity.user;

/** A user with their address, as only the user themself reads it. */
record UserWithEmail(UserSummary user, ContactEmail email) {
}
