package org.roost.authorization.registration;

import org.roost.support.ServerOnH2;

@ServerOnH2
class RegistrationOnH2Test extends RegistrationContract {
}
