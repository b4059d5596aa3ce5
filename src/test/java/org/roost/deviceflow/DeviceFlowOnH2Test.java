package org.roost.deviceflow;

import org.roost.support.ServerOnH2;

@ServerOnH2
class DeviceFlowOnH2Test extends DeviceFlowContract {
}
