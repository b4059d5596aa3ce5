package org.roost.authorization.devicegrant;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class DeviceFlowOnPostgresTest extends DeviceFlowContract {
}
