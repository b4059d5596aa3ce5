package org.roost.social.like;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class LikesOnH2Test extends LikesContract {
}
