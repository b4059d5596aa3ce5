package org.roost.identity.email;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class EmailVerificationOnH2Test extends EmailVerificationContract {
}
