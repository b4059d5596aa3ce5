package org.roost.devices;

import org.roost.support.IntegrationTest;

@IntegrationTest
class DevicesOnPostgresTest extends DevicesContract {
}
