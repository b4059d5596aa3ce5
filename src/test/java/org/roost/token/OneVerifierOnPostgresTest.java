package org.roost.token;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class OneVerifierOnPostgresTest extends OneVerifierContract {
}
