package org.roost.social.notification;

import org.roost.support.RepositorySliceOnPostgres;

@RepositorySliceOnPostgres
class NotificationStoreOnPostgresTest extends NotificationStoreContract {
}
