package org.roost.authorization.server;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class AccessTokenProfileOnPostgresTest extends AccessTokenProfileContract {
}
