/**
 * Running the service: the audit log of security events, the access log, the metrics that are not
 * Spring's own (logins, tokens, subscriptions, events) and who may read the actuator's endpoints.
 */
@NullMarked
package org.roost.platform.operations;

import org.jspecify.annotations.NullMarked;
