package org.roost.social.notification;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class NotificationsOnH2Test extends NotificationsContract {
}
