package org.roost.social.post;

/** Published when a post is created, through REST or GraphQL alike. */
public final class PostEvents {

    private PostEvents() {
    }

    public record PostCreated(PostSummary post) {
    }
}
