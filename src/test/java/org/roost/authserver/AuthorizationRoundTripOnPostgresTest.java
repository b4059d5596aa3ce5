package org.roost.authserver;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class AuthorizationRoundTripOnPostgresTest extends AuthorizationRoundTripContract {
}
