package org.roost.social.notification;

import org.roost.support.RepositorySliceOnH2;

@RepositorySliceOnH2
class NotificationStoreOnH2Test extends NotificationStoreContract {
}
