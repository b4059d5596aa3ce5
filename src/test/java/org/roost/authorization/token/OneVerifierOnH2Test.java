package org.roost.authorization.token;

import org.roost.support.ServerOnH2;

@ServerOnH2
class OneVerifierOnH2Test extends OneVerifierContract {
}
