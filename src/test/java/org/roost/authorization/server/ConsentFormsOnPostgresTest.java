package org.roost.authorization.server;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class ConsentFormsOnPostgresTest extends ConsentFormsContract {
}
