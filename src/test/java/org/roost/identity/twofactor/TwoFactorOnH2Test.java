package org.roost.identity.twofactor;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class TwoFactorOnH2Test extends TwoFactorContract {
}
