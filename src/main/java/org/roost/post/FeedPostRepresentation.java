package org.roost.post;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.roost.shared.Timestamps;
import org.roost.user.UserSummary;

/** A post in a feed: the post's own fields and links, plus who wrote it, so a timeline needs no second request. */
record FeedPostRepresentation(String id, String title, String body, String authorId, Author author, String createdAt,
        String updatedAt, @JsonProperty("_links") Map<String, String> links) {

    record Author(String id, String username, String name, @JsonProperty("_links") Map<String, String> links) {
    }

    static FeedPostRepresentation of(PostSummary post, UserSummary author, String prefix) {
        PostRepresentation base = PostRepresentation.of(post, prefix);
        String authorSelf = prefix + "/users/" + author.id();
        Map<String, String> authorLinks = new LinkedHashMap<>();
        authorLinks.put("self", authorSelf);
        authorLinks.put("avatar", authorSelf + "/avatar");
        return new FeedPostRepresentation(base.id(), base.title(), base.body(), base.authorId(),
                new Author(Long.toString(author.id()), author.username(), author.name(), authorLinks),
                Timestamps.format(post.createdAt()), Timestamps.format(post.updatedAt()), base.links());
    }
}
