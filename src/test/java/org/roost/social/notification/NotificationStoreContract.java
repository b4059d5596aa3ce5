package org.roost.social.notification;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.platform.shared.Timestamps;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * NotificationRepository's statements on each database (a repository slice: no web, no security, no listener), so
 * that the grouping, the undo and the keyset pages are checked where the SQL runs; NotificationsContract checks
 * the same feature end to end through REST and GraphQL. Each test's rows are rolled back.
 */
// Here and not only on the slice's annotation: Spring looks for a test method's @Transactional on the class that
// declares the method, and this contract's methods are inherited by the H2 and PostgreSQL classes.
@Transactional
abstract class NotificationStoreContract {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    @Autowired
    NotificationRepository notifications;

    @Autowired
    JdbcClient jdbc;

    @Test
    void likesOfOnePostShareTheOpenGroupUntilItIsRead() {
        // given
        long author = user("author");
        long post = post(author);

        // when two likers join the group, one of them twice
        long group = notifications.openGroup(author, NotificationKind.LIKE, post, "like:" + post, NOW);
        long again = notifications.openGroup(author, NotificationKind.LIKE, post, "like:" + post, NOW);
        boolean first = notifications.addActor(group, user("liker1"), NOW);
        boolean second = notifications.addActor(group, user("liker2"), NOW);
        long liker1 = id("liker1");
        boolean repeated = notifications.addActor(group, liker1, NOW);

        // then there is one group of two actors; once read, the next like starts another group
        assertThat(again).isEqualTo(group);
        assertThat(List.of(first, second, repeated)).containsExactly(true, true, false);
        assertThat(notifications.counts(List.of(group))).containsEntry(group, 2L);
        notifications.markRead(author, null);
        long next = notifications.openGroup(author, NotificationKind.LIKE, post, "like:" + post, NOW);
        assertThat(next).isNotEqualTo(group);
        assertThat(notifications.unreadCount(author)).isEqualTo(1);
    }

    @Test
    void aGroupThatGrowsMovesToTheTopAndPagesFollowTheKeyset() {
        // given three notifications of one receiver, made in order
        long me = user("me");
        long follows = notifications.openGroup(me, NotificationKind.FOLLOW, null, "follow", NOW);
        addAndTouch(follows, user("f1"));
        long reply = notifications.insert(me, NotificationKind.REPLY, post(user("replier")), NOW);
        addAndTouch(reply, id("replier"));
        long mention = notifications.insert(me, NotificationKind.MENTION, post(user("mentioner")), NOW);
        addAndTouch(mention, id("mentioner"));

        // when the follow group takes another actor
        addAndTouch(follows, user("f2"));

        // then it is first; a page of two ends where the next one starts
        List<NotificationRepository.Row> first = notifications.page(me, null, 2);
        assertThat(first).extracting(NotificationRepository.Row::id).containsExactly(follows, mention);
        assertThat(notifications.page(me, first.getLast().seq(), 2)).extracting(NotificationRepository.Row::id)
                .containsExactly(reply);
        assertThat(notifications.find(reply)).get().satisfies(row -> {
            assertThat(row.postAuthorId()).isEqualTo(id("replier"));
            assertThat(row.kind()).isEqualTo(NotificationKind.REPLY);
            assertThat(row.read()).isFalse();
        });
    }

    @Test
    void showsTheNewestThreeActorsOfEachNotificationInOneStatement() {
        // given
        long me = user("me");
        long follows = notifications.openGroup(me, NotificationKind.FOLLOW, null, "follow", NOW);
        List<Long> followers = List.of(user("a"), user("b"), user("c"), user("d"));
        followers.forEach(f -> addAndTouch(follows, f));
        long likes = notifications.openGroup(me, NotificationKind.LIKE, post(me), "like", NOW);
        addAndTouch(likes, id("a"));

        // when
        List<NotificationRepository.Actor> actors = notifications.newestActors(List.of(follows, likes), 3);

        // then
        assertThat(actors).filteredOn(a -> a.notificationId() == follows).extracting(NotificationRepository.Actor::actorId)
                .containsExactly(id("d"), id("c"), id("b"));
        assertThat(actors).filteredOn(a -> a.notificationId() == likes).extracting(NotificationRepository.Actor::actorId)
                .containsExactly(id("a"));
        assertThat(notifications.counts(List.of(follows, likes))).containsEntry(follows, 4L).containsEntry(likes, 1L);
        assertThat(notifications.counts(List.of())).isEmpty();
    }

    @Test
    void undoingACauseRemovesItsActorAndTheNotificationItLeavesEmpty() {
        // given two likers of one post and one follower
        long me = user("me");
        long post = post(me);
        long likes = notifications.openGroup(me, NotificationKind.LIKE, post, "like:" + post, NOW);
        addAndTouch(likes, user("l1"));
        addAndTouch(likes, user("l2"));
        long follows = notifications.openGroup(me, NotificationKind.FOLLOW, null, "follow", NOW);
        addAndTouch(follows, user("f1"));

        // when one like and the follow are undone
        notifications.removeActor(me, NotificationKind.LIKE, post, id("l1"));
        notifications.removeActor(me, NotificationKind.FOLLOW, null, id("f1"));

        // then the likes keep their other actor; the follow notification is gone
        assertThat(notifications.counts(List.of(likes))).containsEntry(likes, 1L);
        assertThat(notifications.find(follows)).isEmpty();
        assertThat(notifications.unreadCount(me)).isEqualTo(1);
    }

    @Test
    void aDepartingActorTakesTheNotificationsTheyAloneCaused() {
        // given
        long me = user("me");
        long leaving = user("leaving");
        long staying = user("staying");
        long follows = notifications.openGroup(me, NotificationKind.FOLLOW, null, "follow", NOW);
        addAndTouch(follows, leaving);
        addAndTouch(follows, staying);
        long reply = notifications.insert(me, NotificationKind.REPLY, post(leaving), NOW);
        addAndTouch(reply, leaving);

        // when
        notifications.forgetActor(leaving);

        // then the shared group stays (the cascade takes the actor row with the user), the reply goes
        assertThat(notifications.find(follows)).isPresent();
        assertThat(notifications.find(reply)).isEmpty();
    }

    @Test
    void marksOnlyTheGivenNotificationsReadAndNothingForAnEmptyList() {
        // given
        long me = user("me");
        long one = notifications.insert(me, NotificationKind.MENTION, post(user("x")), NOW);
        long two = notifications.insert(me, NotificationKind.MENTION, post(id("x")), NOW);

        // when
        notifications.markRead(me, List.of());
        long before = notifications.unreadCount(me);
        notifications.markRead(me, List.of(one));

        // then
        assertThat(before).isEqualTo(2);
        assertThat(notifications.find(one)).get().extracting(NotificationRepository.Row::read).isEqualTo(true);
        assertThat(notifications.find(two)).get().extracting(NotificationRepository.Row::read).isEqualTo(false);
        assertThat(notifications.unreadCount(me)).isEqualTo(1);
    }

    private void addAndTouch(long notification, long actor) {
        assertThat(notifications.addActor(notification, actor, NOW)).isTrue();
        notifications.touch(notification, NOW);
    }

    private long user(String name) {
        jdbc.sql("INSERT INTO users (username, name, password_hash, created_at, updated_at) VALUES (:name, :name, 'x', :now, :now)")
                .param("name", name).param("now", Timestamps.utc(NOW)).update();
        return id(name);
    }

    private long id(String name) {
        return jdbc.sql("SELECT id FROM users WHERE username = :name").param("name", name).query(Long.class).single();
    }

    private long post(long author) {
        jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) VALUES (:author, 't', 'b', :now, :now)")
                .param("author", author).param("now", Timestamps.utc(NOW)).update();
        return jdbc.sql("SELECT MAX(id) FROM posts WHERE author_id = :author").param("author", author).query(Long.class).single();
    }
}
