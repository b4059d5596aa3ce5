package org.roost.social.timelines;

import org.roost.social.post.TimelineProperties;
import org.roost.social.post.settings.TimelineSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Caps home timelines (docs/timelines.md, "Bounds"): a walk over users, {@code trim-owners} per pass, resuming where
 * the last pass stopped, trims each feed that passed {@code feed-cap + feed-cap-slack} rows to its newest
 * {@code feed-cap}. It first raises the owner's floor (pages end above it), then deletes the rows below it, oldest
 * first, {@code trim-rows} per statement and one statement per feed per pass: a feed further over the cap is
 * finished by the next passes, which start again at it. Nothing counts every feed, and nothing runs in a
 * transaction longer than one statement. Instances running it at once claim different owners through the cursor.
 */
@Component
class FeedTrim {

    private static final Logger log = LoggerFactory.getLogger(FeedTrim.class);

    private final FeedTrimRepository repository;
    private final TimelineSettings settings;

    FeedTrim(FeedTrimRepository repository, TimelineSettings settings) {
        this.repository = repository;
        this.settings = settings;
    }

    @Scheduled(fixedDelayString = "${roost.timelines.maintenance-interval}",
            initialDelayString = "${roost.timelines.maintenance-interval}")
    void scheduled() {
        try {
            settings.inBackground(this::run);
        }
        catch (DataAccessException failed) {
            // The database is down or busy: the cursor stayed where it was, or the rows left below a floor are
            // invisible to readers and found again by a later pass.
            log.warn("Feed trim stopped: {}", failed.getMostSpecificCause().getMessage());
        }
    }

    /** One pass: claims the next owners, trims those over the mark. Answers the rows deleted. */
    long run() {
        TimelineProperties properties = settings.current();
        long after = repository.cursor();
        var owners = repository.ownersAfter(after, properties.trimOwners());
        long upTo = owners.isEmpty() ? 0 : owners.getLast(); // past the last user: the walk starts again
        if (!repository.moveCursor(after, upTo) || owners.isEmpty()) {
            return 0; // another instance took these owners, or there are none
        }
        long deleted = 0;
        long unfinished = 0;
        int cap = properties.feedCap();
        for (FeedTrimRepository.Over feed : repository.over(after, upTo, cap, cap + properties.feedCapSlack())) {
            Long beyond = feed.newestBeyondCap();
            long floor = beyond == null ? feed.floor() : Math.max(feed.floor(), beyond);
            repository.raiseFloor(feed.owner(), floor);
            int rows = repository.trim(feed.owner(), floor, properties.trimRows());
            deleted += rows;
            if (rows == properties.trimRows() && unfinished == 0) {
                unfinished = feed.owner();
            }
        }
        if (unfinished != 0) {
            // Rows may be left below the floor: the next pass starts at this feed (unless another instance has
            // moved on meanwhile; then a later walk finds it, and readers never see those rows anyway).
            repository.moveCursor(upTo, unfinished - 1);
        }
        return deleted;
    }
}
