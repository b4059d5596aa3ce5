/**
 * Live events: what committed changes publish and subscriptions listen to, on this instance or, with Redis,
 * across every instance. {@link org.roost.live.LiveEvents} is the whole API; publishers and transports know
 * nothing of how events travel.
 */
@NullMarked
package org.roost.live;

import org.jspecify.annotations.NullMarked;
