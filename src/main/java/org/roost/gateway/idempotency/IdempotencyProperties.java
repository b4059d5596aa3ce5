package org.roost.gateway.idempotency;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * @param retention     how long a key and its first response are kept (a repeat after that runs anew)
 * @param inFlightLimit how long a first request may run before a repeat may take its key over (the
 *                      instance that ran it is presumed dead): longer than any request's timeout
 * @param maxBodySize   the largest request body fingerprinted; a larger one with a key is refused
 */
@ConfigurationProperties("roost.idempotency")
record IdempotencyProperties(Duration retention, Duration inFlightLimit, DataSize maxBodySize) {
}
