package org.roost.graphql;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.Caller;
import org.springframework.stereotype.Component;

/**
 * Counts the open subscriptions of this instance against {@code roost.graphql.subscriptions.*}: per
 * WebSocket, per caller (user or client), per client address and in all. A subscription holds a permit from
 * the moment its operation arrives until its stream ends, however it ends. One lock guards the counters:
 * it is taken when a subscription starts or ends, never per event, and checking all four caps under it
 * keeps a burst of concurrent subscribes from overshooting any of them.
 */
@Component
class SubscriptionPermits {

    /** A granted subscription's share of the caps, given back once. */
    final class Permit {
        private final String[] keys;
        private final AtomicBoolean released = new AtomicBoolean();

        private Permit(String[] keys) {
            this.keys = keys;
        }

        void release() {
            if (released.compareAndSet(false, true)) {
                SubscriptionPermits.this.release(keys);
            }
        }
    }

    /** Either a permit or the cap that refused it. */
    sealed interface Outcome {
        record Granted(Permit permit) implements Outcome {
        }

        record Refused(String message) implements Outcome {
        }
    }

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SubscriptionPermits.class);

    private final GraphQlSettings.SubscriptionCaps caps;
    private final Map<String, Integer> open = new HashMap<>();
    private int total;

    /** Heap one subscription takes when it shares no execution, measured by bench/hostile-graphql.sh (29 KB), rounded up. */
    static final long BYTES_PER_SUBSCRIPTION = 32 * 1024;

    SubscriptionPermits(GraphQlSettings settings) {
        this.caps = settings.subscriptions();
        long worstCase = caps.perInstance() * BYTES_PER_SUBSCRIPTION;
        long heap = Runtime.getRuntime().maxMemory();
        if (worstCase > heap / 2) {
            log.warn("roost.graphql.subscriptions.per-instance={} may take {} MB of a {} MB heap; lower it to {} "
                    + "or raise -Xmx", caps.perInstance(), worstCase >> 20, heap >> 20, heap / 2 / BYTES_PER_SUBSCRIPTION);
        }
    }

    synchronized Outcome acquire(@Nullable String connection, @Nullable Caller caller, String address) {
        if (total >= caps.perInstance()) {
            return new Outcome.Refused("This server holds as many subscriptions as it can; try again later.");
        }
        String connectionKey = connection == null ? null : "connection:" + connection;
        String callerKey = caller == null ? null : caller.key();
        String addressKey = "address:" + address;
        if (connectionKey != null && count(connectionKey) >= caps.perConnection()) {
            return new Outcome.Refused("This connection has " + caps.perConnection() + " subscriptions open, the most "
                    + "allowed; complete one first.");
        }
        if (callerKey != null && count(callerKey) >= caps.perCaller()) {
            return new Outcome.Refused("You have " + caps.perCaller() + " subscriptions open, the most allowed; "
                    + "complete one first.");
        }
        if (count(addressKey) >= caps.perAddress()) {
            return new Outcome.Refused("Your address has " + caps.perAddress() + " subscriptions open, the most "
                    + "allowed; complete one first.");
        }
        String[] keys = java.util.stream.Stream.of(connectionKey, callerKey, addressKey)
                .filter(java.util.Objects::nonNull).toArray(String[]::new);
        for (String key : keys) {
            open.merge(key, 1, Integer::sum);
        }
        total++;
        return new Outcome.Granted(new Permit(keys));
    }

    synchronized int openCount() {
        return total;
    }

    private int count(String key) {
        return open.getOrDefault(key, 0);
    }

    private synchronized void release(String[] keys) {
        for (String key : keys) {
            open.computeIfPresent(key, (k, n) -> n > 1 ? n - 1 : null);
        }
        total--;
    }
}
