package org.roost.social.post;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Hybrid timelines (docs/timelines.md).
 *
 * @param bigAccountThreshold followers from which an author's posts are merged at read time instead of copied into
 *                            every follower's feed; an author goes back to being copied below half of it
 * @param followCopy          an ordinary author's newest posts that a new follow copies into the follower's feed
 * @param maintenanceInterval how often the background jobs look for threshold crossings and copy back in batches,
 *                            and how often the trim takes its next feeds
 * @param settle              how long copying back waits after the author's mode changed, so that the posts and
 *                            follows that began in the old mode have committed before it passes their readers
 * @param batch               followers per background statement (each statement stays far below the timeout)
 * @param feedCap             rows a feed keeps when it is trimmed: its newest; the timeline ends below them
 * @param feedCapSlack        rows a feed may gain past the cap before it is trimmed, so that a busy feed is not
 *                            trimmed of a few rows on every visit
 * @param trimOwners          feeds the trim looks at per pass (a walk over users that resumes where it stopped)
 * @param trimRows            rows per trim statement (a feed far over the cap takes several, over several passes)
 */
@ConfigurationProperties("roost.timelines")
public record TimelineProperties(long bigAccountThreshold, int followCopy, Duration maintenanceInterval,
        Duration settle, int batch, int feedCap, int feedCapSlack, int trimOwners, int trimRows) {

    /** Below this many followers a big author is copied back into feeds (hysteresis: no flapping at the threshold). */
    public long ordinaryBelow() {
        return bigAccountThreshold / 2;
    }
}
