package org.roost.social.activitypub;

import org.roost.support.IntegrationTest;

@IntegrationTest
class InboxOnPostgresTest extends InboxContract {
}
