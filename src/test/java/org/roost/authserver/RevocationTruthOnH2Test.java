package org.roost.authserver;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class RevocationTruthOnH2Test extends RevocationTruthContract {
}
