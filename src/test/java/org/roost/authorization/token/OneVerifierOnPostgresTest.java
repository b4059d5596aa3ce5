package org.roost.authorization.token;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class OneVerifierOnPostgresTest extends OneVerifierContract {
}
