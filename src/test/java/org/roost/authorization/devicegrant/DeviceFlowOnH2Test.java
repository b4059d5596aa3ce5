package org.roost.authorization.devicegrant;

import org.roost.support.ServerOnH2;

@ServerOnH2
class DeviceFlowOnH2Test extends DeviceFlowContract {
}
