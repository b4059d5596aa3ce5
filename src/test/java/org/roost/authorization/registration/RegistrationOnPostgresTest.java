package org.roost.authorization.registration;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class RegistrationOnPostgresTest extends RegistrationContract {
}
