package org.roost.email;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class MailOutboxOnH2Test extends MailOutboxContract {
}
