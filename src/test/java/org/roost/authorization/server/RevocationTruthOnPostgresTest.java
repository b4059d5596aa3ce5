package org.roost.authorization.server;

import org.roost.support.IntegrationTest;

@IntegrationTest
class RevocationTruthOnPostgresTest extends RevocationTruthContract {
}
