package org.roost.platform.outbound;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

import org.jspecify.annotations.Nullable;

/**
 * Which addresses a client-supplied URL may never reach: this host (loopback, unspecified), private networks
 * (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), link-local ones (169.254/16 with the cloud metadata service at
 * 169.254.169.254, fe80::/10), multicast and broadcast, and IPv4 addresses hidden in IPv6 forms (::ffff:a.b.c.d,
 * ::a.b.c.d, 64:ff9b::/96). The JDK's {@link InetAddress} predicates cover most; the rest is written out here.
 */
final class AddressRules {

    private AddressRules() {
    }

    /** Why {@code address} may not be reached, or null when it may. */
    static @Nullable String refusal(InetAddress address) {
        if (address instanceof Inet6Address v6) {
            InetAddress embedded = embeddedIpv4(v6.getAddress());
            if (embedded != null) {
                return refusal(embedded);
            }
        }
        if (address.isAnyLocalAddress()) {
            return "an unspecified address";
        }
        if (address.isLoopbackAddress()) {
            return "a loopback address";
        }
        if (address.isLinkLocalAddress()) {
            return "a link-local address";
        }
        if (address.isMulticastAddress()) {
            return "a multicast address";
        }
        if (address.isSiteLocalAddress()) {
            return "a private address";
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = bytes[0] & 0xff;
            int second = bytes[1] & 0xff;
            if (first == 0) {
                return "an unspecified address";
            }
            if (first == 100 && second >= 64 && second <= 127) {
                return "a private address"; // shared address space (RFC 6598), where some clouds keep metadata
            }
            if (first == 192 && second == 0 && (bytes[2] & 0xff) == 0) {
                return "a private address"; // IETF protocol assignments, one cloud's metadata service among them
            }
            if (first == 198 && (second == 18 || second == 19)) {
                return "a private address"; // benchmarking networks, internal in practice
            }
            if (first >= 240) {
                return "a reserved address";
            }
        }
        else if ((bytes[0] & 0xfe) == 0xfc) {
            return "a private address"; // unique local (fc00::/7), with fd00:ec2::254, a metadata service
        }
        return null;
    }

    /** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 (64:ff9b::/96) IPv6 address, else null. */
    private static @Nullable InetAddress embeddedIpv4(byte[] v6) {
        boolean zeros = true;
        for (int i = 0; i < 10; i++) {
            zeros &= v6[i] == 0;
        }
        boolean mapped = zeros && (v6[10] & 0xff) == 0xff && (v6[11] & 0xff) == 0xff;
        boolean compatible = zeros && v6[10] == 0 && v6[11] == 0 && !(v6[12] == 0 && v6[13] == 0 && v6[14] == 0);
        boolean nat64 = (v6[0] & 0xff) == 0x00 && (v6[1] & 0xff) == 0x64 && (v6[2] & 0xff) == 0xff && (v6[3] & 0xff) == 0x9b;
        for (int i = 4; nat64 && i < 12; i++) {
            nat64 = v6[i] == 0;
        }
        if (!mapped && !compatible && !nat64) {
            return null;
        }
        try {
            return InetAddress.getByAddress(new byte[] { v6[12], v6[13], v6[14], v6[15] });
        }
        catch (UnknownHostException impossible) {
            return null;
        }
    }
}
