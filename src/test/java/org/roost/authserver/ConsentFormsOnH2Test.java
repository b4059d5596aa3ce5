package org.roost.authserver;

import org.roost.support.ServerOnH2;

@ServerOnH2
class ConsentFormsOnH2Test extends ConsentFormsContract {
}
