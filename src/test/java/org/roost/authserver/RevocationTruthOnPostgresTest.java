package org.roost.authserver;

import org.roost.support.IntegrationTest;

@IntegrationTest
class RevocationTruthOnPostgresTest extends RevocationTruthContract {
}
