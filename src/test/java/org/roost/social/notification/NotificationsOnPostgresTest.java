package org.roost.social.notification;

import org.roost.support.IntegrationTest;

@IntegrationTest
class NotificationsOnPostgresTest extends NotificationsContract {
}
