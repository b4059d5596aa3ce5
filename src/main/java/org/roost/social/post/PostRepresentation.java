package org.roost.social.post;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.roost.platform.shared.Timestamps;

record PostRepresentation(String id, String title, String body, String authorId, String createdAt, String updatedAt,
        long likeCount, @JsonProperty("_links") Map<String, String> links) {

    /** @param mayChange whether the caller may change the post: only then is {@code delete} offered (not a 403 to find) */
    static PostRepresentation of(PostSummary post, String prefix, boolean mayChange) {
        String author = prefix + "/users/" + post.authorId();
        String self = author + "/posts/" + post.id();
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", self);
        links.put("author", author);
        links.put("likes", self + "/likes");
        if (mayChange) {
            links.put("delete", self);
        }
        return new PostRepresentation(Long.toString(post.id()), post.title(), post.body(), Long.toString(post.authorId()),
                Timestamps.format(post.createdAt()), Timestamps.format(post.updatedAt()), post.likeCount(), links);
    }
}
