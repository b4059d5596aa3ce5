package org.roost.social.timelines;

import java.util.List;

import org.roost.social.post.TimelineProperties;
import org.roost.social.post.settings.TimelineSettings;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Rebuilds what the feeds derive from users, follows and posts, after rows were written outside the API
 * (docs/operations.md, "Imported data"): modes from the follower counters (recount those first), each author's
 * newest posts in their own feed and in each follower's when the author is ordinary, and no row for a post that is
 * gone or an author no longer followed. Bounded statements, each its own transaction; the service keeps serving.
 */
@Component
public class TimelineRepair {

    /** Users per statement: each statement stays far below the statement timeout. */
    private static final int USERS = 50;

    public record Report(long rowsAdded, long rowsRemoved) {
    }

    private final TimelineMaintenanceRepository repository;
    private final TimelineMaintenance maintenance;
    private final TimelineSettings settings;

    TimelineRepair(TimelineMaintenanceRepository repository, TimelineMaintenance maintenance, TimelineSettings settings) {
        this.repository = repository;
        this.maintenance = maintenance;
        this.settings = settings;
    }

    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public Report repair() {
        TimelineProperties properties = settings.current();
        repository.pullBigAuthors(properties.bigAccountThreshold());
        long added = 0;
        long removed = 0;
        long last = repository.maxUserId();
        for (long from = 0; from <= last; from += USERS) {
            long to = from + USERS;
            removed += repository.removeStrayRows(from, to);
            added += repository.copyOwn(repository.authors(from, to), properties.followCopy());
            for (long author : repository.copiedAuthors(from, to)) {
                added += copyToEveryFollower(author);
            }
        }
        maintenance.run();
        return new Report(added, removed);
    }

    private long copyToEveryFollower(long author) {
        TimelineProperties properties = settings.current();
        long added = 0;
        long after = 0;
        List<Long> followers;
        while (!(followers = repository.followersAfter(author, after, properties.batch())).isEmpty()) {
            added += repository.copyToFollowers(author, after, followers.getLast(), properties.followCopy());
            after = followers.getLast();
        }
        return added;
    }
}
