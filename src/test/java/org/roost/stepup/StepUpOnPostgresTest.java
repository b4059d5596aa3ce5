package org.roost.stepup;

import org.roost.support.IntegrationTest;

@IntegrationTest
class StepUpOnPostgresTest extends StepUpContract {
}
