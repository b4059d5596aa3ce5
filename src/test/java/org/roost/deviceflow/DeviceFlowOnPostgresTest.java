package org.roost.deviceflow;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class DeviceFlowOnPostgresTest extends DeviceFlowContract {
}
