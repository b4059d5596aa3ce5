package org.roost.like;

import org.roost.support.IntegrationTest;

@IntegrationTest
class LikesOnPostgresTest extends LikesContract {
}
