package org.roost.authorization.consents;

import org.roost.support.ServerOnH2;

@ServerOnH2
class ConsentsOnH2Test extends ConsentsContract {
}
