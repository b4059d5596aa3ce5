package org.roost.platform.requestbody;

import org.roost.support.IntegrationTest;

@IntegrationTest
class MergePatchOnPostgresTest extends MergePatchContract {
}
