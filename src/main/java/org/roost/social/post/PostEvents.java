package org.roost.social.post;

/** Published when a post is created or its mentions change, through REST or GraphQL alike. */
public final class PostEvents {

    private PostEvents() {
    }

    public record PostCreated(PostSummary post) {
    }

    /** An edit changed whom the post mentions: published in the edit's transaction. */
    public record MentionsChanged(long postId, long authorId, java.util.List<Long> added, java.util.List<Long> removed) {
    }
}
