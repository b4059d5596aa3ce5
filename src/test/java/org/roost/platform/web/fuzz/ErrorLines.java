package org.roost.platform.web.fuzz;

import java.util.List;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

/**
 * The lines logged at ERROR anywhere while a fuzz run goes on: hostile input is the client's fault, so nothing it
 * causes may page an operator. Levels are left as they are; only what reaches ERROR is kept.
 */
final class ErrorLines implements AutoCloseable {

    private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    ErrorLines() {
        ThresholdFilter errors = new ThresholdFilter();
        errors.setLevel("ERROR");
        errors.start();
        appender.addFilter(errors);
        appender.start();
        root.addAppender(appender);
    }

    List<String> lines() {
        return appender.list.stream().map(event -> event.getLoggerName() + ": " + event.getFormattedMessage()).toList();
    }

    @Override
    public void close() {
        root.detachAppender(appender);
    }
}
