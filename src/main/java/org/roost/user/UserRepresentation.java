package org.roost.user;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.roost.shared.Timestamps;

/** A user as REST shows one, with links that repeat the prefix of the request. */
public record UserRepresentation(String id, String name, String username, String createdAt,
        @JsonProperty("_links") Map<String, String> links) {

    public static UserRepresentation of(UserSummary user, String prefix) {
        String self = prefix + "/users/" + user.id();
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", self);
        links.put("posts", self + "/posts");
        links.put("followers", self + "/followers");
        links.put("following", self + "/following");
        if (user.hasAvatar()) {
            links.put("avatar", self + "/avatar"); // only when there is one: no client needs to probe for a 404
        }
        links.put("delete", self);
        return new UserRepresentation(Long.toString(user.id()), user.name(), user.username(),
                Timestamps.format(user.createdAt()), links);
    }
}
