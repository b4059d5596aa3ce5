package org.roost.social.post;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class ThreadsOnH2Test extends ThreadsContract {
}
