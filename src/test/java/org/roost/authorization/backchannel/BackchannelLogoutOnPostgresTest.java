package org.roost.authorization.backchannel;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class BackchannelLogoutOnPostgresTest extends BackchannelLogoutContract {
}
