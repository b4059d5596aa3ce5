package org.roost.identity.twofactor;

import org.roost.support.IntegrationTest;

@IntegrationTest
class TwoFactorOnPostgresTest extends TwoFactorContract {
}
