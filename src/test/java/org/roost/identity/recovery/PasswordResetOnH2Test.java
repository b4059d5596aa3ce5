package org.roost.identity.recovery;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class PasswordResetOnH2Test extends PasswordResetContract {
}
