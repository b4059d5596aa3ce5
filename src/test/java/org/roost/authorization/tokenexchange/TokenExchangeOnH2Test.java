package org.roost.authorization.tokenexchange;

import org.roost.support.ServerOnH2;

@ServerOnH2
class TokenExchangeOnH2Test extends TokenExchangeContract {
}
