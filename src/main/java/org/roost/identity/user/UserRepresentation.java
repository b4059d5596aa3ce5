package org.roost.identity.user;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Timestamps;

/**
 * A user as REST shows one, with links that repeat the prefix of the request. {@code email} and
 * {@code email_verified} appear only in the owner's own representation.
 */
public record UserRepresentation(String id, String name, String username,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "A short text about the user; absent when they have none.") @Nullable String bio,
        String createdAt,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Only in the owner's own representation; absent when they have none.") @Nullable String email,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Only in the owner's own representation: whether they proved the address.") @Nullable Boolean emailVerified,
        @JsonProperty("_links") Map<String, String> links) {

    public static UserRepresentation of(UserSummary user, String prefix) {
        return of(user, null, prefix);
    }

    /** The owner's own representation, with their address. */
    public static UserRepresentation ofOwner(UserSummary user, ContactEmail email, String prefix) {
        return of(user, email, prefix);
    }

    private static UserRepresentation of(UserSummary user, @Nullable ContactEmail email, String prefix) {
        String self = prefix + "/users/" + user.id();
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", self);
        links.put("posts", self + "/posts");
        links.put("followers", self + "/followers");
        links.put("following", self + "/following");
        if (user.hasAvatar()) {
            links.put("avatar", self + "/avatar"); // only when there is one: no client needs to probe for a 404
        }
        if (email != null) {
            links.put("delete", self); // offered to the owner only: anyone else's delete is a 403
        }
        return new UserRepresentation(Long.toString(user.id()), user.name(), user.username(), user.bio(),
                Timestamps.format(user.createdAt()), email == null ? null : email.email(),
                email == null ? null : email.verified(), links);
    }
}
