package org.roost.platform.stepup;

import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.TestMail;

@EmbeddedDefaultsTest
@TestMail
class StepUpOnH2Test extends StepUpContract {
}
