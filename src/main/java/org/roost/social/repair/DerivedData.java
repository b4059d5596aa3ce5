package org.roost.social.repair;

import com.fasterxml.jackson.annotation.JsonProperty;

import org.roost.social.follow.FollowService;
import org.roost.social.timelines.TimelineRepair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/** The repair, in the order it needs: counters first (timelines read them to tell big authors). */
@Service
class DerivedData {

    private static final Logger log = LoggerFactory.getLogger(DerivedData.class);
    /** Users per recount statement: about 0.3 s each after a 1M-follow import without statistics (docs/operations.md). */
    private static final int USERS_PER_STATEMENT = 5000;

    record Report(@JsonProperty("counters_fixed") long countersFixed, @JsonProperty("feed_rows_added") long feedRowsAdded,
            @JsonProperty("feed_rows_removed") long feedRowsRemoved, @JsonProperty("millis") long millis) {
    }

    private final FollowService follows;
    private final TimelineRepair timelines;

    DerivedData(FollowService follows, TimelineRepair timelines) {
        this.follows = follows;
        this.timelines = timelines;
    }

    Report repair() {
        long start = System.nanoTime();
        long counters = follows.recountAll(USERS_PER_STATEMENT);
        TimelineRepair.Report feeds = timelines.repair();
        Report report = new Report(counters, feeds.rowsAdded(), feeds.rowsRemoved(), (System.nanoTime() - start) / 1_000_000);
        log.info("Repaired derived data: {} users' counters, {} feed rows added, {} removed, in {} ms",
                report.countersFixed(), report.feedRowsAdded(), report.feedRowsRemoved(), report.millis());
        return report;
    }
}
