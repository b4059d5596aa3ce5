package org.roost.platform.connections;

import java.lang.management.ManagementFactory;
import java.util.OptionalLong;

import com.sun.management.UnixOperatingSystemMXBean;

/** How many connections the process's open-file limit leaves room for. */
final class FileLimit {

    /** Descriptors kept for everything but client connections: jars, logs, database and Redis pools, epoll. */
    static final long MIN_HEADROOM = 1000;

    private FileLimit() {
    }

    /** The process's open-file limit ({@code ulimit -n}), where the platform tells it. */
    static OptionalLong openFileLimit() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
            long max = unix.getMaxFileDescriptorCount();
            return max > 0 ? OptionalLong.of(max) : OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /**
     * The headroom: 1,000 descriptors or a tenth of the limit, whichever is more, but never more than half the
     * limit, so that a small limit (1,024) still leaves half of it to connections instead of almost none.
     */
    static long headroom(long fileLimit) {
        return Math.min(Math.max(MIN_HEADROOM, fileLimit / 10), fileLimit / 2);
    }

    /** max-connections lowered, if need be, so that it and the headroom fit in the open-file limit. */
    static int effectiveMaxConnections(int configured, long fileLimit) {
        if (configured <= 0 || fileLimit <= 0) {
            return configured; // -1 is "unlimited" in Tomcat; an unknown file limit is not ours to guess
        }
        long fits = fileLimit - headroom(fileLimit);
        return (int) Math.max(1, Math.min(configured, fits));
    }
}
