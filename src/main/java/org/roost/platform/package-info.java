/**
 * What every door and context shares and nothing of the domain: the error body and request plumbing ({@code web}),
 * kernel types ({@code shared}), rate limits and quotas ({@code ratelimits}), connection caps, dependency
 * availability, the guard on outbound requests, request-body limits, live events across instances, step-up state,
 * OpenAPI and operations endpoints. It depends on no other context.
 */
@ApplicationModule(displayName = "Platform", allowedDependencies = {})
@NullMarked
package org.roost.platform;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
