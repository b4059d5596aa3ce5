package org.roost.identity.devices;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class DevicesOnH2Test extends DevicesContract {
}
