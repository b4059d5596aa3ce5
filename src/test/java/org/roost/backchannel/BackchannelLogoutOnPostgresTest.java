package org.roost.backchannel;

import org.roost.support.ServerOnPostgres;

@ServerOnPostgres
class BackchannelLogoutOnPostgresTest extends BackchannelLogoutContract {
}
