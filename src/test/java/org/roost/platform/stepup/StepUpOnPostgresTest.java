package org.roost.platform.stepup;

import org.roost.support.IntegrationTest;

@IntegrationTest
class StepUpOnPostgresTest extends StepUpContract {
}
