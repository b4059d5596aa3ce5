package org.roost.support;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;

/** The events one logger writes while a test runs, with their key-value pairs, for assertions. */
public final class CapturedLog implements AutoCloseable {

    private final Logger logger;
    /** Thread name and MDC are read when the line is logged, on its own thread, not later on the test's. */
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
            event.prepareForDeferredProcessing();
            super.append(event);
        }
    };
    private final @Nullable Level level;
    private final boolean additive;

    /** Captures from INFO up, without passing the lines on to the (quiet) console meanwhile. */
    private CapturedLog(String name) {
        this.logger = (Logger) LoggerFactory.getLogger(name);
        this.level = logger.getLevel();
        this.additive = logger.isAdditive();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
    }

    public static CapturedLog of(String loggerName) {
        return new CapturedLog(loggerName);
    }

    public List<ILoggingEvent> events() {
        return List.copyOf(appender.list);
    }

    /** Each event's MDC entries and key-value pairs (values as text), the members the JSON formats write. */
    public List<Map<String, String>> pairs() {
        return events().stream().map(event -> {
            Map<String, String> pairs = new LinkedHashMap<>(event.getMDCPropertyMap());
            if (event.getKeyValuePairs() != null) {
                event.getKeyValuePairs().forEach(pair -> pairs.put(pair.key, String.valueOf(pair.value)));
            }
            return Map.copyOf(pairs);
        }).toList();
    }

    /** The pairs of the events whose {@code key} is {@code value}. */
    public List<Map<String, String>> where(String key, String value) {
        return pairs().stream().filter(pairs -> value.equals(pairs.get(key))).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(level);
        logger.setAdditive(additive);
        appender.stop();
    }
}
