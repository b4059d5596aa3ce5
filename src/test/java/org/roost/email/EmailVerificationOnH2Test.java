package org.roost.email;

import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.TestMail;

@EmbeddedDefaultsTest
@TestMail
class EmailVerificationOnH2Test extends EmailVerificationContract {
}
