package org.roost.identity.recovery;

import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.TestMail;

@EmbeddedDefaultsTest
@TestMail
class PasswordResetOnH2Test extends PasswordResetContract {
}
