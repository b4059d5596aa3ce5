package org.roost.recovery;

import org.roost.support.IntegrationTest;

@IntegrationTest
class PasswordResetOnPostgresTest extends PasswordResetContract {
}
