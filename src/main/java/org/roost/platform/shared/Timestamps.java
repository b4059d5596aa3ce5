package org.roost.platform.shared;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** The one time format of the API: ISO 8601 UTC, milliseconds, {@code Z}. */
public final class Timestamps {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    public static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    /** The JDBC value for an instant: drivers of H2 and PostgreSQL both bind {@code OffsetDateTime} exactly. */
    public static java.time.OffsetDateTime utc(Instant instant) {
        return java.time.OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** Stored times are cut to what the API shows, so a value reads back exactly as it was written. */
    public static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }
}
