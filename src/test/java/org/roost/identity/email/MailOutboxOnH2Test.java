package org.roost.identity.email;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class MailOutboxOnH2Test extends MailOutboxContract {
}
