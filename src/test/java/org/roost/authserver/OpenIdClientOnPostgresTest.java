package org.roost.authserver;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class OpenIdClientOnPostgresTest extends OpenIdClientContract {
}
