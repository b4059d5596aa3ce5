package org.roost.identity.email;

import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.TestMail;

@EmbeddedDefaultsTest
@TestMail
class MailOutboxOnH2Test extends MailOutboxContract {
}
