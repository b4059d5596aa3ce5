package org.roost.social.timelines;

import org.roost.support.IntegrationTest;
import org.springframework.test.context.TestPropertySource;

@IntegrationTest
@TestPropertySource(properties = { "roost.timelines.big-account-threshold=2", "roost.timelines.follow-copy=3",
        "roost.timelines.settle=0s", "roost.timelines.batch=2", "roost.timelines.maintenance-interval=1h",
        "roost.timelines.feed-cap=3", "roost.timelines.feed-cap-slack=0", "roost.timelines.trim-owners=2",
        "roost.timelines.trim-rows=2" })
class FeedTrimOnPostgresTest extends FeedTrimContract {
}
