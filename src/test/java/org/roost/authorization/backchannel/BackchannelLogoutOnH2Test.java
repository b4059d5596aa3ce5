package org.roost.authorization.backchannel;

import org.roost.support.ServerOnH2;

@ServerOnH2
class BackchannelLogoutOnH2Test extends BackchannelLogoutContract {
}
