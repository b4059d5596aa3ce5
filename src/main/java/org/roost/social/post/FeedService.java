package org.roost.social.post;

import java.util.List;

import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A user's home timeline: their own posts and those of the people they follow, newest first. Ordinary authors'
 * posts are rows of the reader's feed; big authors' are merged in from their posts when a page is read
 * (docs/timelines.md).
 */
@Service
// Single-statement reads: no transaction around them (see PostService).
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
public class FeedService {

    private final FeedRepository feed;

    FeedService(FeedRepository feed) {
        this.feed = feed;
    }

    /** Reading a feed is reading posts; only a user has one (a client acting for itself follows nobody). */
    public Page<PostSummary> page(Caller caller, PageRequest request) {
        Caller.User me = caller.requireUser(Scopes.POSTS_READ);
        int overfetch = request.limit() + 1;
        List<Long> big = feed.mergedAuthors(me.id());
        List<PostSummary> items = big.isEmpty() ? feed.page(me.id(), request.afterId(), overfetch)
                : feed.mergedPage(me.id(), big, request.afterId(), overfetch);
        return Page.fromOverfetch(items, request.limit(), PostSummary::id);
    }

    public boolean belongsTo(long ownerId, PostSummary post) {
        return post.authorId() == ownerId || feed.contains(ownerId, post.id(), post.authorId());
    }
}
