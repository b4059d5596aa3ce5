package org.roost.identity.email;

import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.TestMail;

@EmbeddedDefaultsTest
@TestMail
class EmailVerificationOnH2Test extends EmailVerificationContract {
}
