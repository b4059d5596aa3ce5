package org.roost.identity.user;

import org.roost.support.IntegrationTest;

/** With the throttle's counters in Redis. */
@IntegrationTest
class CurrentPasswordThrottleOnPostgresTest extends CurrentPasswordThrottleContract {
}
