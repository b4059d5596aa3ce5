package org.roost.tokenexchange;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class TokenExchangeOnPostgresTest extends TokenExchangeContract {
}
