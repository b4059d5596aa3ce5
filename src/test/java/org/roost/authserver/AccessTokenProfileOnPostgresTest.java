package org.roost.authserver;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class AccessTokenProfileOnPostgresTest extends AccessTokenProfileContract {
}
