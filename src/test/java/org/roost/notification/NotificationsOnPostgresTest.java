package org.roost.notification;

import org.roost.support.IntegrationTest;

@IntegrationTest
class NotificationsOnPostgresTest extends NotificationsContract {
}
