package org.roost.stepup;

import org.roost.support.IntegrationTest;
import org.springframework.context.annotation.Import;

@IntegrationTest
@Import(SteppingClock.Config.class)
class StepUpOnPostgresTest extends StepUpContract {
}
