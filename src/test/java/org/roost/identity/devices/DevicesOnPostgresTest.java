package org.roost.identity.devices;

import org.roost.support.IntegrationTest;

@IntegrationTest
class DevicesOnPostgresTest extends DevicesContract {
}
