package org.roost.social.post;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class HybridTimelineOnH2Test extends HybridTimelineContract {
}
