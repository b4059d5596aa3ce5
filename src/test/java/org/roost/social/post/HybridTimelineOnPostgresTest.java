package org.roost.social.post;

import org.roost.support.IntegrationTest;

@IntegrationTest
class HybridTimelineOnPostgresTest extends HybridTimelineContract {
}
