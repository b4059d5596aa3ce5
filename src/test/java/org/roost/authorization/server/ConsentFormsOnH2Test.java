package org.roost.authorization.server;

import org.roost.support.ServerOnH2;

@ServerOnH2
class ConsentFormsOnH2Test extends ConsentFormsContract {
}
