package org.roost.social.post;

import org.roost.social.follow.FollowEvents;
import org.roost.social.post.settings.TimelineSettings;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Keeps the home timelines in step with follows (a new post's rows are written with the post, see PostInserts).
 * Plain (synchronous) listeners: each change runs in the transaction that caused it, so a feed never disagrees
 * with the follows that committed. Nothing here grows with the author's follower count.
 */
@Component
class FeedWriter {

    private final FeedRepository feed;
    private final TimelineSettings settings;

    FeedWriter(FeedRepository feed, TimelineSettings settings) {
        this.feed = feed;
        this.settings = settings;
    }

    /** First the threshold (this follow is not counted yet), then a bounded copy unless the author is big. */
    @EventListener
    void on(FollowEvents.FollowerAdded added) {
        TimelineProperties properties = settings.current();
        feed.pullIfBig(added.userId(), properties.bigAccountThreshold() - 1);
        feed.copyRecentPosts(added.userId(), added.followerId(), properties.followCopy());
    }

    @EventListener
    void on(FollowEvents.FollowerRemoved removed) {
        feed.removePosts(removed.userId(), removed.followerId());
    }
}
