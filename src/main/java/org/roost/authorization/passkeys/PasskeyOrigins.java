package org.roost.authorization.passkeys;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Set;

import org.roost.platform.origin.PublicOrigin;

/**
 * The origins whose pages may run a passkey ceremony: {@code roost.passkeys.allowed-origins} when set, else the
 * service's public origin ({@code roost.public-url}, else the issuer, else {@code http://localhost:{port}}), the one
 * its pages and mail links are served from. The default was {@code http://localhost:8080} alone, so passkeys failed on
 * any other port while everything else followed it (issue 47).
 *
 * <p>A live view, read on every ceremony (Spring Security's relying-party operations keep the set they are given and
 * read it per call): with {@code server.port=0} the port is known only once the server listens, after the security
 * chain is built.
 */
final class PasskeyOrigins extends AbstractSet<String> {

    private final Set<String> configured;
    private final PublicOrigin origin;

    PasskeyOrigins(Set<String> configured, PublicOrigin origin) {
        this.configured = Set.copyOf(configured.stream().map(String::strip).filter(o -> !o.isEmpty()).toList());
        this.origin = origin;
    }

    private Set<String> current() {
        return configured.isEmpty() ? Set.of(origin.url()) : configured;
    }

    @Override
    public Iterator<String> iterator() {
        return current().iterator();
    }

    @Override
    public int size() {
        return current().size();
    }

    @Override
    public boolean contains(Object candidate) {
        return current().contains(candidate);
    }
}
