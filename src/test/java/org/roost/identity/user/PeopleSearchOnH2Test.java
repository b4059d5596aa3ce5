package org.roost.identity.user;

import org.roost.support.EmbeddedDefaultsTest;

/** People search on H2, the embedded default (no trigram indexes: a scan of users). */
@EmbeddedDefaultsTest
class PeopleSearchOnH2Test extends PeopleSearchContract {
}
