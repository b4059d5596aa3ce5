package org.roost.post;

import java.time.Clock;
import java.util.Collection;
import java.util.List;

import org.roost.shared.ApiException;
import org.roost.shared.Caller;
import org.roost.shared.Page;
import org.roost.shared.PageRequest;
import org.roost.shared.Scopes;
import org.roost.shared.Timestamps;
import org.roost.user.UserService;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The rules about posts, the same whichever API a request came through. */
@Service
@Transactional(readOnly = true)
public class PostService {

    private final PostRepository posts;
    private final FeedRepository feed;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    PostService(PostRepository posts, FeedRepository feed, UserService users, ApplicationEventPublisher events, Clock clock) {
        this.posts = posts;
        this.feed = feed;
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    @Transactional
    public PostSummary create(long authorId, Caller caller, PostCommands.CreatePost command) {
        users.requireExists(authorId);
        caller.requireOwner(authorId, Scopes.POSTS_WRITE);
        long id = posts.insert(authorId, command.title().strip(), command.body() == null ? "" : command.body(),
                Timestamps.truncate(clock.instant()));
        PostSummary created = get(id);
        events.publishEvent(new PostEvents.PostCreated(created));
        return created;
    }

    public PostSummary get(long postId) {
        return find(postId).orElseThrow(() -> ApiException.notFound("The post"));
    }

    public java.util.Optional<PostSummary> find(long postId) {
        return posts.find(postId);
    }

    /** A post under its author's collection; another author's post is not there. */
    public PostSummary get(long authorId, long postId) {
        return posts.find(postId).filter(p -> p.authorId() == authorId)
                .orElseThrow(() -> ApiException.notFound("The post"));
    }

    public Page<PostSummary> page(long authorId, PageRequest request) {
        users.requireExists(authorId);
        return Page.fromOverfetch(posts.pageByAuthor(authorId, request.afterId(), request.limit() + 1), request.limit(),
                PostSummary::id);
    }

    public List<PostSummary> newestByAuthors(Collection<Long> authorIds, int perAuthor) {
        return posts.newestByAuthors(authorIds, perAuthor);
    }

    public List<PostSummary> findAll(Collection<Long> ids) {
        return posts.findAll(ids);
    }

    @Transactional
    public PostSummary update(long authorId, long postId, Caller caller, PostCommands.UpdatePost command) {
        PostSummary current = get(authorId, postId);
        caller.requireOwner(current.authorId(), Scopes.POSTS_WRITE);
        posts.update(postId, command.title() == null ? current.title() : command.title().strip(),
                command.body() == null ? current.body() : command.body(), Timestamps.truncate(clock.instant()));
        return get(postId);
    }

    @Transactional
    public void delete(long authorId, long postId, Caller caller) {
        PostSummary current = get(authorId, postId);
        caller.requireOwner(current.authorId(), Scopes.POSTS_WRITE);
        feed.removePost(current.authorId(), postId);
        posts.delete(postId);
    }
}
