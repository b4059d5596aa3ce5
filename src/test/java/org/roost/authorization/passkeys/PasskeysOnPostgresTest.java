package org.roost.authorization.passkeys;

import org.roost.support.IntegrationTest;

@IntegrationTest
class PasskeysOnPostgresTest extends PasskeysContract {
}
