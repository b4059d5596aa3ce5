/**
 * Live events: what committed changes publish and subscriptions listen to, on this instance or, with Redis,
 * across every instance. {@link org.roost.platform.live.LiveEvents} is the whole API; publishers and transports know
 * nothing of how events travel.
 */
@NamedInterface("live")
@NullMarked
package org.roost.platform.live;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
