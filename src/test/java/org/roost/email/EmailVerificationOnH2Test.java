package org.roost.email;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class EmailVerificationOnH2Test extends EmailVerificationContract {
}
