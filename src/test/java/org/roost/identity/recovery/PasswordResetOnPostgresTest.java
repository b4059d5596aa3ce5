package org.roost.identity.recovery;

import org.roost.support.IntegrationTest;

@IntegrationTest
class PasswordResetOnPostgresTest extends PasswordResetContract {
}
