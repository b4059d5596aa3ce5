package org.roost.social.timelines;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class FeedTrimOnH2Test extends FeedTrimContract {
}
