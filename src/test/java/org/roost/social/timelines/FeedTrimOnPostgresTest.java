package org.roost.social.timelines;

import org.roost.support.IntegrationTest;

@IntegrationTest
class FeedTrimOnPostgresTest extends FeedTrimContract {
}
