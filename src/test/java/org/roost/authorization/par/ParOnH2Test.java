package org.roost.authorization.par;

import org.roost.support.ServerOnH2;

@ServerOnH2
class ParOnH2Test extends ParContract {
}
