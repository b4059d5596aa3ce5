package org.roost.email;

import org.roost.support.IntegrationTest;

@IntegrationTest
class MailOutboxOnPostgresTest extends MailOutboxContract {
}
