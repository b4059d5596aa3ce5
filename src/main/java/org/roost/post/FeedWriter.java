package org.roost.post;

import org.roost.follow.FollowEvents;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Keeps the home timelines in step with posts and follows. Plain (synchronous) listeners: each change runs in
 * the transaction that caused it, so a feed never disagrees with the posts and follows that committed.
 */
@Component
class FeedWriter {

    private final FeedRepository feed;

    FeedWriter(FeedRepository feed) {
        this.feed = feed;
    }

    @EventListener
    void on(PostEvents.PostCreated created) {
        feed.fanOut(created.post().id(), created.post().authorId());
    }

    @EventListener
    void on(FollowEvents.FollowerAdded added) {
        feed.copyPosts(added.userId(), added.followerId());
    }

    @EventListener
    void on(FollowEvents.FollowerRemoved removed) {
        feed.removePosts(removed.userId(), removed.followerId());
    }
}
