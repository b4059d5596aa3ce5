package org.roost.identity.user;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class CurrentPasswordThrottleOnH2Test extends CurrentPasswordThrottleContract {
}
