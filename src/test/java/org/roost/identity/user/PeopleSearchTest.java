package org.roost.identity.user;

import org.roost.support.IntegrationTest;

/** People search on PostgreSQL (with its trigram indexes). */
@IntegrationTest
class PeopleSearchTest extends PeopleSearchContract {
}
