package org.roost.social.timelines;

import java.time.Clock;
import java.util.List;

import org.roost.social.post.TimelineMode;
import org.roost.social.post.TimelineProperties;
import org.roost.social.post.settings.TimelineSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The background half of hybrid timelines: authors who crossed the threshold after an import or a changed setting
 * become big; big authors who fell below half of it are copied back into their followers' feeds, a batch of
 * followers per statement, and turn ordinary when the copy has passed every follower. Each statement is its own
 * transaction; several instances may run this at once (every insert skips rows that exist).
 */
@Component
public class TimelineMaintenance {

    private static final Logger log = LoggerFactory.getLogger(TimelineMaintenance.class);

    private final TimelineMaintenanceRepository repository;
    private final TimelineSettings settings;
    private final Clock clock;

    TimelineMaintenance(TimelineMaintenanceRepository repository, TimelineSettings settings, Clock clock) {
        this.repository = repository;
        this.settings = settings;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = "${roost.timelines.maintenance-interval}",
            initialDelayString = "${roost.timelines.maintenance-interval}")
    void scheduled() {
        try {
            settings.inBackground(this::run);
        }
        catch (DataAccessException failed) {
            // The database is down or busy: the next run picks up where this one stopped.
            log.warn("Timeline maintenance stopped: {}", failed.getMostSpecificCause().getMessage());
        }
    }

    /** One pass: threshold crossings, then one batch of followers for each author being copied back. */
    void run() {
        TimelineProperties properties = settings.current();
        repository.pullBigAuthors(properties.bigAccountThreshold());
        repository.startReturns(properties.ordinaryBelow(), clock.instant());
        for (TimelineMaintenanceRepository.Return back : repository.returns()) {
            if (back.startedAt().plus(properties.settle()).isAfter(clock.instant())) {
                continue;
            }
            if (repository.mode(back.authorId()).orElse(-1) != TimelineMode.RETURNING.code()) {
                repository.finishReturn(back.authorId());
                continue;
            }
            List<Long> followers = repository.followersAfter(back.authorId(), back.afterFollower(), properties.batch());
            if (followers.isEmpty()) {
                repository.finishReturn(back.authorId());
                continue;
            }
            repository.copyToFollowers(back.authorId(), back.afterFollower(), followers.getLast(), properties.followCopy());
            repository.advance(back.authorId(), followers.getLast());
        }
    }

    /** Runs passes until no author is being copied back (for the repair and tests). */
    public void runToCompletion() {
        do {
            run();
        }
        while (!repository.returns().isEmpty() && settings.current().settle().isZero());
    }
}
