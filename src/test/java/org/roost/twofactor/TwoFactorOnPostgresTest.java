package org.roost.twofactor;

import org.roost.support.IntegrationTest;

@IntegrationTest
class TwoFactorOnPostgresTest extends TwoFactorContract {
}
