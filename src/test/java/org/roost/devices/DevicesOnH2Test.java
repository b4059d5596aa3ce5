package org.roost.devices;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class DevicesOnH2Test extends DevicesContract {
}
