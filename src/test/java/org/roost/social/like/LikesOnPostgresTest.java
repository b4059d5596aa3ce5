package org.roost.social.like;

import org.roost.support.IntegrationTest;

@IntegrationTest
class LikesOnPostgresTest extends LikesContract {
}
