package org.roost.social.post;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserRows;
import org.roost.identity.user.UserSummary;
import org.roost.platform.shared.Timestamps;
import org.roost.platform.shared.TopPerKey;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class PostRepository {

    private static final String COLUMNS = "id, author_id, title, body, created_at, updated_at, like_count, in_reply_to, reply_count, mentions";
    private static final String AUTHOR_BEFORE = "author_id = :author AND id < :before AND (author_id, id) < (:author, :before)";

    private final JdbcClient jdbc;
    private final TopPerKey topPerKey;

    PostRepository(JdbcClient jdbc, DataSource dataSource) {
        this.jdbc = jdbc;
        this.topPerKey = new TopPerKey(jdbc, dataSource);
    }

    long count() {
        return jdbc.sql("SELECT COUNT(*) FROM posts").query(Long.class).single();
    }

    /** Read off the (author_id, id) index: one author's range, not the table. */
    long countByAuthor(long authorId) {
        return jdbc.sql("SELECT COUNT(*) FROM posts WHERE author_id = :author").param("author", authorId)
                .query(Long.class).single();
    }

    Optional<PostSummary> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id = :id").param("id", id).query(PostRepository::map).optional();
    }

    /**
     * Newest first, keyset on the id, read straight off the (author_id, id) index: the same cost on any page
     * of any author. The row comparison repeats the plain conditions on purpose: without it PostgreSQL takes
     * posts_pkey backwards for a prolific author and discards everyone else's newer posts on the way; and the
     * ORDER BY names author_id so H2 reads the index in order instead of sorting the author's whole range.
     */
    List<PostSummary> pageByAuthor(long authorId, @Nullable Long beforeId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE " + AUTHOR_BEFORE + " ORDER BY author_id DESC, id DESC LIMIT :limit")
                .param("author", authorId).param("before", beforeId == null ? Long.MAX_VALUE : beforeId)
                .param("limit", limit).query(PostRepository::map).list();
    }

    /** Everyone's posts, newest first (the public timeline), keyset on the primary key. */
    List<PostSummary> pageAll(@Nullable Long beforeId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id < :before ORDER BY id DESC LIMIT :limit")
                .param("before", beforeId == null ? Long.MAX_VALUE : beforeId).param("limit", limit)
                .query(PostRepository::map).list();
    }

    /**
     * A user and their newest {@code limit} posts in one statement, for {@code user(id) { posts }}: one round trip
     * where the user and then the page were two. One row per post, or a single row without a post (the
     * {@code LEFT JOIN}); none when there is no such user. The page is {@link #pageByAuthor}'s first, read the same
     * way off the (author_id, id) index. {@code OFFSET 0} keeps PostgreSQL from pulling the user's derived table up
     * into the join: pulled up, the avatar check ran once per post and the statement cost enough more to plan that
     * the plan cache planned it afresh on every call. With the fence it runs twice as often as the two statements it
     * replaces under pgbench, where without it it ran at 0.7 of their rate (docs/performance.md, "Sixth round").
     */
    private static final String AUTHOR_WITH_NEWEST = "SELECT u.*, " + Labels.selectJoined() + " FROM ("
            + UserRows.select("id = :author") + " OFFSET 0) u LEFT JOIN (SELECT " + COLUMNS + " FROM posts WHERE "
            + AUTHOR_BEFORE.replace(":before", Long.toString(Long.MAX_VALUE))
            + " ORDER BY author_id DESC, id DESC LIMIT :limit) p ON TRUE ORDER BY p.id DESC";

    /**
     * The statement for a page of {@code limit} (1 to 100) posts. The limit is written into it, not bound: with a bound
     * limit PostgreSQL's plan cache cannot cost a generic plan (it assumes a tenth of the author's rows) and planned
     * the statement afresh on every call, at five times the cost of running it (the server log's bind and execute).
     */
    static String authorWithNewest(int limit) {
        return AUTHOR_WITH_NEWEST.replace(":limit", Integer.toString(limit));
    }

    Optional<AuthorPage> authorWithNewest(long authorId, int limit) {
        return jdbc.sql(authorWithNewest(limit)).param("author", authorId)
                .query((ResultSetExtractor<Optional<AuthorPage>>) rs -> {
                    if (!rs.next()) {
                        return Optional.<AuthorPage>empty();
                    }
                    UserSummary author = UserRows.map(rs);
                    List<PostSummary> page = new ArrayList<>(limit);
                    do {
                        rs.getLong(Labels.JOINED.id());
                        if (!rs.wasNull()) {
                            page.add(map(rs, Labels.JOINED));
                        }
                    } while (rs.next());
                    return Optional.of(new AuthorPage(author, List.copyOf(page)));
                });
    }

    /** The newest {@code perAuthor} posts of each author (for batched GraphQL fields), grouped by author, newest first. */
    List<PostSummary> newestByAuthors(Collection<Long> authorIds, int perAuthor) {
        String branch = "SELECT " + COLUMNS + " FROM posts WHERE "
                + AUTHOR_BEFORE.replace(":author", ":key").replace(":before", Long.toString(Long.MAX_VALUE))
                + " ORDER BY author_id DESC, id DESC LIMIT :limit";
        List<PostSummary> posts = new ArrayList<>(topPerKey.query(branch, authorIds, perAuthor, PostRepository::map));
        posts.sort(Comparator.comparingLong(PostSummary::authorId).thenComparing(PostSummary::id, Comparator.reverseOrder()));
        return posts;
    }

    List<PostSummary> findAll(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE id IN (:ids)").param("ids", ids).query(PostRepository::map).list();
    }

    void update(long id, String title, String body, @Nullable String mentions, Instant now) {
        jdbc.sql("UPDATE posts SET title = :title, body = :body, mentions = :mentions, updated_at = :now WHERE id = :id")
                .param("id", id).param("title", title).param("body", body).param("mentions", mentions, Types.VARCHAR)
                .param("now", Timestamps.utc(now)).update();
    }

    /** A reply was written or deleted: its parent's counter, if the parent is still there. */
    void countReply(long parentId, int delta) {
        jdbc.sql("UPDATE posts SET reply_count = reply_count + :delta WHERE id = :id")
                .param("id", parentId).param("delta", delta).update();
    }

    /**
     * A user is about to be deleted (their posts go with them by the cascade): each post they replied to loses
     * those replies. Proportional to the departing user's posts, on the (author_id, id) index.
     */
    void forgetReplies(long authorId) {
        jdbc.sql("UPDATE posts SET reply_count = reply_count - (SELECT COUNT(*) FROM posts r WHERE r.author_id = :author "
                        + "AND r.in_reply_to = posts.id) "
                        + "WHERE id IN (SELECT in_reply_to FROM posts WHERE author_id = :author AND in_reply_to IS NOT NULL)")
                .param("author", authorId).update();
    }

    /** A post's replies, oldest first (the order of a conversation), keyset on (in_reply_to, id). */
    List<PostSummary> replies(long postId, @Nullable Long afterId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM posts WHERE in_reply_to = :post AND id > :after "
                        + "AND (in_reply_to, id) > (:post, :after) ORDER BY in_reply_to, id LIMIT :limit")
                .param("post", postId).param("after", afterId == null ? 0L : afterId).param("limit", limit)
                .query(PostRepository::map).list();
    }

    /** The first {@code perPost} replies of each post, in one statement (for the batched GraphQL field). */
    List<PostSummary> repliesOf(Collection<Long> postIds, int perPost) {
        String branch = "SELECT " + COLUMNS + " FROM posts WHERE in_reply_to = :key AND id > 0 "
                + "AND (in_reply_to, id) > (:key, 0) ORDER BY in_reply_to, id LIMIT :limit";
        List<PostSummary> replies = new ArrayList<>(topPerKey.query(branch, postIds, perPost, PostRepository::map));
        replies.sort(Comparator.comparing(PostSummary::id));
        return replies;
    }

    /**
     * The chain above each of these posts, nearest {@code max} each, in one statement: pairs of (the post asked
     * about, an ancestor). A recursive walk up in_reply_to by primary key, which both databases run; it stops
     * where a parent was deleted.
     */
    List<Ancestor> ancestors(Collection<Long> postIds, int max) {
        if (postIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("WITH RECURSIVE chain (origin, id, parent, depth) AS ("
                        + "SELECT id, id, in_reply_to, 0 FROM posts WHERE id IN (:ids) "
                        + "UNION ALL SELECT c.origin, p.id, p.in_reply_to, c.depth + 1 FROM chain c "
                        + "JOIN posts p ON p.id = c.parent WHERE c.depth < :max) "
                        + "SELECT c.origin, p." + COLUMNS.replace(", ", ", p.") + " FROM chain c JOIN posts p ON p.id = c.id "
                        + "WHERE c.depth > 0 ORDER BY c.origin, p.id")
                .param("ids", postIds).param("max", max)
                .query((rs, row) -> new Ancestor(rs.getLong("origin"), map(rs, row))).list();
    }

    record Ancestor(long origin, PostSummary post) {
    }

    void delete(long id) {
        jdbc.sql("DELETE FROM posts WHERE id = :id").param("id", id).update();
    }

    static PostSummary map(ResultSet rs, int row) throws SQLException {
        return map(rs, Labels.PLAIN);
    }

    private static PostSummary map(ResultSet rs, Labels labels) throws SQLException {
        return new PostSummary(rs.getLong(labels.id()), rs.getLong(labels.authorId()), rs.getString(labels.title()),
                rs.getString(labels.body()), rs.getObject(labels.createdAt(), OffsetDateTime.class).toInstant(),
                rs.getObject(labels.updatedAt(), OffsetDateTime.class).toInstant(), rs.getLong(labels.likeCount()),
                rs.getObject(labels.inReplyTo(), Long.class), rs.getLong(labels.replyCount()),
                Mentions.read(rs.getString(labels.mentions())));
    }

    /** The column labels a post is read from: its own names, or prefixed beside another table's columns. */
    private record Labels(String id, String authorId, String title, String body, String createdAt, String updatedAt,
            String likeCount, String inReplyTo, String replyCount, String mentions) {

        static final Labels PLAIN = prefixed("");
        static final Labels JOINED = prefixed("post_");

        static Labels prefixed(String prefix) {
            String[] names = COLUMNS.split(", ");
            return new Labels(prefix + names[0], prefix + names[1], prefix + names[2], prefix + names[3],
                    prefix + names[4], prefix + names[5], prefix + names[6], prefix + names[7], prefix + names[8],
                    prefix + names[9]);
        }

        /** {@code p.id AS post_id, ...}: the joined table {@code p}'s columns under these labels. */
        static String selectJoined() {
            return Arrays.stream(COLUMNS.split(", ")).map(name -> "p." + name + " AS post_" + name)
                    .collect(Collectors.joining(", "));
        }
    }

}
