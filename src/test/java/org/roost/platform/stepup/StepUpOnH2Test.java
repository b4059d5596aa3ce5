package org.roost.platform.stepup;

import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.context.annotation.Import;

@EmbeddedDefaultsTest
@Import(SteppingClock.Config.class)
class StepUpOnH2Test extends StepUpContract {
}
