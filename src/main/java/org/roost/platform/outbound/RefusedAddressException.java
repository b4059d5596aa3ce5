package org.roost.platform.outbound;

import java.net.UnknownHostException;

/**
 * A client-supplied host resolved, when connecting, to an address it may not reach ({@link AddressRules}). An
 * {@link UnknownHostException} because that is what a DNS resolver may throw: the connection is never opened.
 */
public final class RefusedAddressException extends UnknownHostException {

    private final String reason;

    RefusedAddressException(String host, String reason) {
        super(host + " resolves to " + reason);
        this.reason = reason;
    }

    /** What the address is, in words ("a loopback address"). */
    public String reason() {
        return reason;
    }
}
