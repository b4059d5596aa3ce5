package org.roost.platform.stepup;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class StepUpOnH2Test extends StepUpContract {
}
