package org.roost.social.post;

import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.test.context.TestPropertySource;

@EmbeddedDefaultsTest
@TestPropertySource(properties = { "roost.timelines.big-account-threshold=4", "roost.timelines.follow-copy=3",
        "roost.timelines.settle=0s", "roost.timelines.batch=2", "roost.timelines.maintenance-interval=1h" })
class HybridTimelineOnH2Test extends HybridTimelineContract {
}
