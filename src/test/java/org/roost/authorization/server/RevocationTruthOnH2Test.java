package org.roost.authorization.server;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class RevocationTruthOnH2Test extends RevocationTruthContract {
}
