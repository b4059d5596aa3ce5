package org.roost.post;

import org.roost.support.IntegrationTest;

@IntegrationTest
class ThreadsOnPostgresTest extends ThreadsContract {
}
