package org.roost.social.post;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.stream.Collectors;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.TextRules;
import org.roost.platform.shared.Timestamps;
import org.roost.identity.user.UserService;
import org.roost.platform.shared.Ids;
import org.roost.identity.user.UserEvents;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** The rules about posts, the same whichever API a request came through. */
@Service
// Reads run without a transaction of their own (autocommit): one round trip per statement instead of
// BEGIN ... COMMIT around it. A read of several statements therefore sees each at its own moment, which
// no answer here depends on (docs/performance.md); writes declare their transactions.
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
public class PostService {

    /** How far up a thread the ancestors reach: the nearest posts; a client walks on from the topmost one. */
    public static final int MAX_ANCESTORS = 100;

    private final PostRepository posts;
    private final PostInserts inserts;
    private final FeedRepository feed;
    private final UserService users;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    PostService(PostRepository posts, PostInserts inserts, FeedRepository feed, UserService users,
            ApplicationEventPublisher events, Clock clock) {
        this.posts = posts;
        this.inserts = inserts;
        this.feed = feed;
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    /**
     * No transaction of its own: the post and its feed rows are one statement on PostgreSQL (see PostInserts), and
     * the event's listeners that need the commit run at once (there is nothing left to commit).
     */
    @Transactional(propagation = Propagation.SUPPORTS)
    public PostSummary create(long authorId, Caller caller, PostCommands.CreatePost command) {
        // The owner's own account exists (a deleted user's tokens are revoked), so only others pay for the
        // existence check, which keeps its 404-before-403 answer; a deletion racing this insert is the 404 below.
        if (!(caller instanceof Caller.User user && user.id() == authorId)) {
            users.requireExists(authorId);
        }
        caller.requireOwner(authorId, Scopes.POSTS_WRITE);
        String title = title(command.title());
        String body = command.body() == null ? "" : body(command.body());
        Long parent = command.inReplyTo() == null ? null : parent(command.inReplyTo());
        List<PostSummary.Mention> mentions = mentions(title, body);
        Instant now = Timestamps.truncate(clock.instant());
        long id;
        try {
            // A parent deleted after the check above leaves a reply to a deleted post, as deleting it later would.
            id = inserts.insert(authorId, title, body, parent, Mentions.store(mentions), now);
        }
        catch (DataIntegrityViolationException violation) {
            if (authorMissing(violation)) {
                throw ApiException.notFound("The user");
            }
            throw violation;
        }
        // The row as stored, without reading it back: every column is known here (the time to the millisecond).
        PostSummary created = new PostSummary(id, authorId, title, body, now, now, 0, parent, 0, mentions);
        events.publishEvent(new PostEvents.PostCreated(created));
        return created;
    }

    /** Any author's post may be answered: every post is readable by everyone who may read posts. */
    private long parent(String inReplyTo) {
        var id = Ids.tryParse(inReplyTo);
        if (id.isEmpty() || posts.find(id.getAsLong()).isEmpty()) {
            throw ApiException.invalid("in_reply_to", "names no post");
        }
        return id.getAsLong();
    }

    /** The users that exist among the {@code @username}s of the text, in order of first mention: one statement. */
    private List<PostSummary.Mention> mentions(String title, String body) {
        List<String> names = Mentions.usernames(title, body);
        if (names.isEmpty()) {
            return List.of();
        }
        Map<String, Long> ids = users.findAllByUsername(names).stream()
                .collect(Collectors.toMap(UserSummary::username, UserSummary::id, (a, b) -> a));
        return names.stream().filter(ids::containsKey).map(n -> new PostSummary.Mention(ids.get(n), n)).toList();
    }

    /** A foreign-key violation: 23503 (SQL standard, PostgreSQL), 23506 (H2's "parent missing"). */
    private static boolean authorMissing(DataIntegrityViolationException violation) {
        return NestedExceptionUtils.getMostSpecificCause(violation) instanceof SQLException sql
                && ("23503".equals(sql.getSQLState()) || "23506".equals(sql.getSQLState()));
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

    /** How many posts there are (NodeInfo's local posts). */
    public long count() {
        return posts.count();
    }

    /** How many posts one author has written (an ActivityPub outbox's total). */
    public long countByAuthor(long authorId) {
        return posts.countByAuthor(authorId);
    }

    /** Everyone's posts, newest first: the public timeline. */
    public Page<PostSummary> recent(PageRequest request) {
        return Page.fromOverfetch(posts.pageAll(request.afterId(), request.limit() + 1), request.limit(), PostSummary::id);
    }

    /** A user with their newest {@code limit} posts, in one statement; empty when there is no such user. */
    public Optional<AuthorPage> authorWithNewest(long authorId, int limit) {
        return posts.authorWithNewest(authorId, limit);
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
        String title = command.title() == null ? current.title() : title(command.title());
        String body = command.body() == null ? current.body() : body(command.body());
        List<PostSummary.Mention> mentions = mentions(title, body);
        posts.update(postId, title, body, Mentions.store(mentions), Timestamps.truncate(clock.instant()));
        List<Long> before = current.mentions().stream().map(PostSummary.Mention::id).toList();
        List<Long> after = mentions.stream().map(PostSummary.Mention::id).toList();
        if (!before.equals(after)) {
            events.publishEvent(new PostEvents.MentionsChanged(postId, current.authorId(),
                    after.stream().filter(id -> !before.contains(id)).toList(),
                    before.stream().filter(id -> !after.contains(id)).toList()));
        }
        return get(postId);
    }

    /** Post text is stored in NFC, so that text that looks the same is the same (docs/api.md, "Input validation"). */
    private static String title(String title) {
        return TextRules.normalize(title.strip(), "title", 200);
    }

    private static String body(String body) {
        return TextRules.normalize(body, "body", 10_000);
    }

    @Transactional
    public void delete(long authorId, long postId, Caller caller) {
        PostSummary current = get(authorId, postId);
        caller.requireOwner(current.authorId(), Scopes.POSTS_WRITE);
        feed.removePost(current.authorId(), postId);
        // Its replies stay, still naming it in in_reply_to: they read as answers to a deleted post.
        posts.delete(postId);
        if (current.inReplyTo() != null) {
            posts.countReply(current.inReplyTo(), -1);
        }
    }

    /** A post's replies, oldest first. */
    public Page<PostSummary> replies(long authorId, long postId, PageRequest request) {
        get(authorId, postId);
        return replies(postId, request);
    }

    /** The same for a post known to exist (GraphQL's {@code Post.replies} after the first page). */
    public Page<PostSummary> replies(long postId, PageRequest request) {
        return Page.fromOverfetch(posts.replies(postId, request.afterId(), request.limit() + 1), request.limit(),
                PostSummary::id);
    }

    public List<PostSummary> repliesOf(Collection<Long> postIds, int perPost) {
        return posts.repliesOf(postIds, perPost);
    }

    /** The chain above a post, root first, at most {@link #MAX_ANCESTORS}; it ends below a deleted post. */
    public List<PostSummary> ancestors(long authorId, long postId) {
        get(authorId, postId);
        return ancestorsOf(List.of(postId)).getOrDefault(postId, List.of());
    }

    /** The chains above several posts, in one statement. */
    public Map<Long, List<PostSummary>> ancestorsOf(Collection<Long> postIds) {
        return posts.ancestors(postIds, MAX_ANCESTORS).stream().collect(Collectors.groupingBy(
                PostRepository.Ancestor::origin, Collectors.mapping(PostRepository.Ancestor::post, Collectors.toList())));
    }

    /** A user is about to be deleted, taking their posts: the posts they replied to lose those replies. */
    @EventListener
    void on(UserEvents.UserDeleting deleting) {
        posts.forgetReplies(deleting.userId());
    }
}
