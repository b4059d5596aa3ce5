package org.roost.authorization.tokenexchange;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class TokenExchangeOnPostgresTest extends TokenExchangeContract {
}
