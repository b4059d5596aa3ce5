package org.roost.consents;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class ConsentsOnPostgresTest extends ConsentsContract {
}
