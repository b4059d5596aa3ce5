package org.roost.social.notification;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.roost.identity.user.UserService;
import org.roost.platform.live.LiveEvents;
import org.roost.platform.shared.Timestamps;
import org.roost.social.follow.FollowEvents;
import org.roost.social.like.LikeEvents;
import org.roost.social.post.PostService;
import org.roost.support.SteppingClock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

/**
 * The notification module on its own (a Spring Modulith module test: only this module's beans, on the embedded
 * database migrated by Flyway), driven by the events it listens to as the like and follow modules publish them, in a
 * transaction of their own (Modulith's Scenario). What it needs of other modules is mocked: the users and posts
 * (only read for replies and pages), and the live events, to which it must hand every new notification once its
 * cause has committed. NotificationsContract checks the same end to end through the whole service.
 */
@ApplicationModuleTest(module = "social.notification", webEnvironment = SpringBootTest.WebEnvironment.NONE, verifyAutomatically = false)
@ActiveProfiles({ "test", "h2" })
// No GraphQL engine (its schema's scalars and wiring belong to the graphql module, which this test does not start),
// and no check of the health groups, which name contributors of other modules (the readiness group's "db")
@TestPropertySource(properties = { "spring.graphql.schema.locations=classpath:no-graphql-in-module-tests/",
        "management.endpoint.health.validate-group-membership=false" })
@Import(SteppingClock.Config.class)
@MockitoBean(types = { UserService.class, PostService.class, LiveEvents.class })
class NotificationModuleTest {

    private static final AtomicLong NAMES = new AtomicLong();

    @Autowired
    NotificationRepository notifications;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    LiveEvents live;

    @Test
    void aLikeTellsThePostsAuthorAndASecondLikerJoinsTheGroup(Scenario scenario) {
        // given
        long author = user();
        long post = post(author);
        long first = user();
        long second = user();

        // when
        scenario.publish(new LikeEvents.PostLiked(post, author, first))
                .andWaitForStateChange(() -> notifications.unreadCount(author), count -> count > 0)
                .andVerifyEvents(events -> assertThat(events.ofType(NotificationEvents.NotificationAdded.class)
                        .matching(added -> added.recipientId() == author)).hasSize(1));
        scenario.publish(new LikeEvents.PostLiked(post, author, second))
                .andWaitForStateChange(() -> actorsOfNewest(author), actors -> actors.size() == 2)
                // then one notification of two likers, handed to the live events after each commit
                .andVerify(actors -> assertThat(actors).containsExactly(second, first));
        assertThat(notifications.unreadCount(author)).isEqualTo(1);
        long id = notifications.page(author, null, 1).getFirst().id();
        verify(live, org.mockito.Mockito.times(2)).publish(new NotificationEvents.NotificationAdded(author, id));
    }

    @Test
    void anUnlikeTakesTheNotificationBackAndOnesOwnLikeTellsNoOne(Scenario scenario) {
        // given a like of one's own post (no notification) and one by somebody else
        long author = user();
        long post = post(author);
        long liker = user();
        scenario.publish(new LikeEvents.PostLiked(post, author, author))
                .andWaitForStateChange(() -> notifications.unreadCount(author), count -> count == 0)
                .andVerify(count -> assertThat(count).isZero());
        scenario.publish(new LikeEvents.PostLiked(post, author, liker))
                .andWaitForStateChange(() -> actorsOfNewest(author), actors -> !actors.isEmpty())
                .andVerify(actors -> assertThat(actors).as("the author's own like is not among them").containsExactly(liker));

        // when the other like is taken back
        scenario.publish(new LikeEvents.PostUnliked(post, author, liker))
                .andWaitForStateChange(() -> notifications.unreadCount(author), count -> count == 0)
                // then the author has nothing left
                .andVerify(count -> assertThat(notifications.page(author, null, 10)).isEmpty());
    }

    @Test
    void followsAreGroupedWhileUnreadAndAnUnfollowLeavesTheOthers(Scenario scenario) {
        // given
        long me = user();
        long first = user();
        long second = user();
        scenario.publish(new FollowEvents.FollowerAdded(me, first))
                .andWaitForStateChange(() -> actorsOfNewest(me), actors -> actors.size() == 1)
                .andVerify(actors -> assertThat(actors).containsExactly(first));
        scenario.publish(new FollowEvents.FollowerAdded(me, second))
                .andWaitForStateChange(() -> actorsOfNewest(me), actors -> actors.size() == 2)
                .andVerify(actors -> assertThat(notifications.unreadCount(me)).isEqualTo(1));

        // when the first unfollows
        scenario.publish(new FollowEvents.FollowerRemoved(me, first))
                .andWaitForStateChange(() -> actorsOfNewest(me), actors -> actors.size() == 1)
                // then the group keeps the second
                .andVerify(actors -> assertThat(actors).containsExactly(second));
    }

    /** The actors of the receiver's newest notification, newest first (empty when there is none). */
    private List<Long> actorsOfNewest(long recipient) {
        List<NotificationRepository.Row> page = notifications.page(recipient, null, 1);
        if (page.isEmpty()) {
            return List.of();
        }
        return notifications.newestActors(List.of(page.getFirst().id()), 10).stream()
                .map(NotificationRepository.Actor::actorId).toList();
    }

    private long user() {
        String name = "module" + NAMES.incrementAndGet();
        jdbc.sql("INSERT INTO users (username, name, password_hash, created_at, updated_at) VALUES (:name, :name, 'x', :now, :now)")
                .param("name", name).param("now", Timestamps.utc(Instant.now())).update();
        return jdbc.sql("SELECT id FROM users WHERE username = :name").param("name", name).query(Long.class).single();
    }

    private long post(long author) {
        jdbc.sql("INSERT INTO posts (author_id, title, body, created_at, updated_at) VALUES (:author, 't', 'b', :now, :now)")
                .param("author", author).param("now", Timestamps.utc(Instant.now())).update();
        return jdbc.sql("SELECT MAX(id) FROM posts WHERE author_id = :author").param("author", author).query(Long.class).single();
    }
}
