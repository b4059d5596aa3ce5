package org.roost.authorization.server;

import org.roost.support.ServerOnH2;

@ServerOnH2
class AccessTokenProfileOnH2Test extends AccessTokenProfileContract {
}
