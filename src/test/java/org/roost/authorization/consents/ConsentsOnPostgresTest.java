package org.roost.authorization.consents;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class ConsentsOnPostgresTest extends ConsentsContract {
}
