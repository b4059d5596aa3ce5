package org.roost.post;

import org.roost.support.EmbeddedDefaultsTest;

@EmbeddedDefaultsTest
class ThreadsOnH2Test extends ThreadsContract {
}
