package org.roost.social.post;

import java.util.List;

import org.roost.identity.user.UserSummary;

/** A user with the first page of their posts, newest first, loaded in one statement. */
public record AuthorPage(UserSummary author, List<PostSummary> posts) {
}
