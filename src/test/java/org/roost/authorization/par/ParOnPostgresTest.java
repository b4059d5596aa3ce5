package org.roost.authorization.par;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class ParOnPostgresTest extends ParContract {
}
