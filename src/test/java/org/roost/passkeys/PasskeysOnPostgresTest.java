package org.roost.passkeys;

import org.roost.support.IntegrationTest;

@IntegrationTest
class PasskeysOnPostgresTest extends PasskeysContract {
}
