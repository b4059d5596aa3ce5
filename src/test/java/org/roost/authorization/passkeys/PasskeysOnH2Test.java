package org.roost.authorization.passkeys;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class PasskeysOnH2Test extends PasskeysContract {
}
