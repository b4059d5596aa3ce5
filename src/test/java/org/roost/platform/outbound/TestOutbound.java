package org.roost.platform.outbound;

import java.time.Duration;
import java.util.List;

/** The outbound guard as other packages' tests build it, without a Spring context. */
public final class TestOutbound {

    private TestOutbound() {
    }

    /** The guard with system DNS and these hosts allowed. */
    public static OutboundRequests allowing(String... hosts) {
        return new OutboundRequests(new OutboundProperties(List.of(hosts), Duration.ofSeconds(2), Duration.ofSeconds(2)));
    }
}
