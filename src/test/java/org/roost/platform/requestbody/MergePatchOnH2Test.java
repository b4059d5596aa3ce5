package org.roost.platform.requestbody;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class MergePatchOnH2Test extends MergePatchContract {
}
