package org.roost.recovery;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class PasswordResetOnH2Test extends PasswordResetContract {
}
