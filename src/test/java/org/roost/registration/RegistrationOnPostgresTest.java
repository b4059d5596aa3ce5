package org.roost.registration;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class RegistrationOnPostgresTest extends RegistrationContract {
}
