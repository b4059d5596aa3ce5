package org.roost.identity.email;

import org.roost.support.IntegrationTest;

@IntegrationTest
class EmailVerificationOnPostgresTest extends EmailVerificationContract {
}
