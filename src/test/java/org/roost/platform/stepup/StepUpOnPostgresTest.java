package org.roost.platform.stepup;

import org.roost.support.IntegrationTest;
import org.springframework.context.annotation.Import;

@IntegrationTest
@Import(SteppingClock.Config.class)
class StepUpOnPostgresTest extends StepUpContract {
}
