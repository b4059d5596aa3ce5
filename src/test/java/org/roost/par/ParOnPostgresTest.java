package org.roost.par;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class ParOnPostgresTest extends ParContract {
}
