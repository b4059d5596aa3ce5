package org.roost.requestbody;

import org.roost.support.IntegrationTest;

@IntegrationTest
class MergePatchOnPostgresTest extends MergePatchContract {
}
