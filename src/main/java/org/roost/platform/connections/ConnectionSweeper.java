package org.roost.platform.connections;

import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Every {@code sweep-interval}, walks each connector's open connections and closes those past the header
 * deadline, below the minimum body rate, or over the per-address limit. Tomcat has the first two only as
 * per-read timeouts (connection-timeout), which a client sending a byte a second never trips.
 */
final class ConnectionSweeper implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ConnectionSweeper.class);

    private final List<Connector> connectors;
    private final InServiceRequests inService;
    private final ConnectionsProperties limits;
    private final Map<Offence, Counter> closed = new EnumMap<>(Offence.class);
    private final Counter sweeps;
    /** When the sweeper first saw each connection: "newest" for the per-address limit. Sweeper thread only. */
    private Map<SocketWrapperBase<?>, Long> firstSeen = new HashMap<>();
    private final Map<Connector, Optional<AbstractEndpoint<?, ?>>> endpoints = new HashMap<>();
    private final Function<Connector, Optional<AbstractEndpoint<?, ?>>> endpointOf;
    private @Nullable ScheduledExecutorService timer;

    ConnectionSweeper(List<Connector> connectors, InServiceRequests inService, ConnectionsProperties limits,
            MeterRegistry meters) {
        this(connectors, inService, limits, meters, Endpoints::of);
    }

    /** With another way to a connector's connections: for tests, which cannot make Tomcat's connections fail. */
    ConnectionSweeper(List<Connector> connectors, InServiceRequests inService, ConnectionsProperties limits,
            MeterRegistry meters, Function<Connector, Optional<AbstractEndpoint<?, ?>>> endpointOf) {
        this.endpointOf = endpointOf;
        this.connectors = connectors;
        this.inService = inService;
        this.limits = limits;
        this.sweeps = Counter.builder("roost.connections.sweeps")
                .description("Passes over the open connections: keeps rising while the sweeper works").register(meters);
        for (Offence offence : Offence.values()) {
            closed.put(offence, Counter.builder("roost.connections.closed").tag("reason", offence.tag)
                    .description("Connections the server closed for a deadline or limit").register(meters));
        }
    }

    void sweep() {
        long now = System.nanoTime();
        Map<Offence, Integer> counts = new EnumMap<>(Offence.class);
        Map<SocketWrapperBase<?>, Long> seen = new HashMap<>();
        Failures failures = new Failures();
        for (Connector connector : connectors) {
            AbstractEndpoint<?, ?> endpoint = endpoints.computeIfAbsent(connector, endpointOf).orElse(null);
            if (endpoint == null) {
                continue;
            }
            Map<String, List<SocketWrapperBase<?>>> byAddress = new HashMap<>();
            for (SocketWrapperBase<?> connection : endpoint.getConnections()) {
                // Each connection on its own: one whose state cannot be read must not spare all the others.
                try {
                    seen.put(connection, firstSeen.getOrDefault(connection, now));
                    Object processor = connection.getCurrentProcessor();
                    Offence offence = processor != null ? Offence.of(processor, now, limits)
                            : Offence.ofServed(inService.of(connection), awaitingBytes(connection), now, limits);
                    if (offence != null) {
                        close(endpoint, connection, offence, counts);
                    } else if (connection.getRemoteAddr() != null) {
                        byAddress.computeIfAbsent(connection.getRemoteAddr(), a -> new ArrayList<>())
                                .add(connection);
                    }
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            }
            for (var address : byAddress.entrySet()) {
                List<SocketWrapperBase<?>> same = address.getValue();
                if (same.size() > limits.perAddress() && !limits.isProxy(address.getKey())) {
                    same.sort(Comparator.comparingLong((SocketWrapperBase<?> c) -> seen.get(c)).reversed());
                    for (SocketWrapperBase<?> newest : same.subList(0, same.size() - limits.perAddress())) {
                        try {
                            close(endpoint, newest, Offence.PER_ADDRESS, counts);
                        } catch (RuntimeException e) {
                            failures.add(e);
                        }
                    }
                }
            }
        }
        firstSeen = seen;
        if (!counts.isEmpty()) {
            // One line per sweep, never one per connection: an attack must not become a flood of log lines.
            log.info("Closed {} connections: {}", counts.values().stream().mapToInt(Integer::intValue).sum(), counts);
        }
        failures.log();
        sweeps.increment();
    }

    /** Connections the sweep could not judge: one WARN line per sweep, without a stack (no flood, no ERROR). */
    private static final class Failures {
        private int count;
        private @Nullable RuntimeException first;

        void add(RuntimeException e) {
            count++;
            if (first == null) {
                first = e;
            }
        }

        void log() {
            if (first != null) {
                log.warn("Skipped {} connections this sweep (the next sweep looks again): {}", count, first.toString());
            }
        }
    }

    /**
     * Whether the connection is registered with Tomcat's poller for a read: while a request is served, its thread is
     * blocked reading the body. Written by the poller thread; a stale value only delays the verdict to a later sweep.
     */
    private static boolean awaitingBytes(SocketWrapperBase<?> connection) {
        return connection instanceof NioEndpoint.NioSocketWrapper nio && nio.interestOpsHas(SelectionKey.OP_READ);
    }

    private void close(AbstractEndpoint<?, ?> endpoint, SocketWrapperBase<?> connection, Offence offence,
            Map<Offence, Integer> counts) {
        if (connection.isClosed()) {
            return;
        }
        // Counted first: whoever sees the connection close may already look for it in the metric.
        counts.merge(offence, 1, Integer::sum);
        closed.get(offence).increment();
        // Being served (processor off the connection): the body-rate offender, or one over the per-address limit.
        Closing.close(endpoint, connection, offence == Offence.BODY_RATE || inService.of(connection) != null);
    }

    private void safeSweep() {
        try {
            sweep();
        } catch (RuntimeException e) {
            // Beyond any one connection (a connector's list): the next sweep tries again, the timer must not die.
            log.warn("Connection sweep failed: {}", e.toString());
        }
    }

    @Override
    public void start() {
        ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("connection-sweeper").daemon().factory());
        long every = limits.sweepInterval().toMillis();
        started.scheduleWithFixedDelay(this::safeSweep, every, every, TimeUnit.MILLISECONDS);
        timer = started;
    }

    @Override
    public void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public boolean isRunning() {
        return timer != null;
    }
}
