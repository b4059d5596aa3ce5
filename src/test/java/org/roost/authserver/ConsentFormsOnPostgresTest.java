package org.roost.authserver;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class ConsentFormsOnPostgresTest extends ConsentFormsContract {
}
