package org.roost.passkeys;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class PasskeysOnH2Test extends PasskeysContract {
}
