package org.roost.platform.availability;

import org.roost.platform.shared.DependencyFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.task.SimpleAsyncTaskSchedulerCustomizer;
import org.springframework.boot.task.ThreadPoolTaskSchedulerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ErrorHandler;

/**
 * What a failed run of a scheduled job (a re-read of denials, a purge, a delivery round) writes to the log, for every
 * module's jobs alike: with the database or Redis away it is one WARN line with the cause, as a request's 503 is
 * ({@link DependencyFailures} decides), since every job fails the same way until the dependency is back and runs
 * again at its next interval; anything else is a bug and keeps Spring's ERROR with the stack trace. Spring's own
 * handler ({@code TaskUtils.LOG_AND_SUPPRESS_ERROR_HANDLER}) logs every failure at ERROR with its stack trace, so a
 * database outage wrote several stack traces a minute.
 */
@Configuration(proxyBeanMethods = false)
class ScheduledJobFailures implements ErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(ScheduledJobFailures.class);

    @Override
    public void handleError(Throwable failure) {
        if (DependencyFailures.isUnavailable(failure)) {
            log.warn("A scheduled job could not run, a dependency is unavailable (it runs again at its next interval): {}",
                    DependencyFailures.describe(failure));
        }
        else {
            log.error("Unexpected failure in a scheduled job", failure);
        }
    }

    /** The scheduler Spring Boot makes with virtual threads on (as configured). */
    @Bean
    SimpleAsyncTaskSchedulerCustomizer scheduledJobFailuresOnVirtualThreads() {
        return scheduler -> scheduler.setErrorHandler(this);
    }

    /** The one it makes with virtual threads off. */
    @Bean
    ThreadPoolTaskSchedulerCustomizer scheduledJobFailuresOnAPool() {
        return scheduler -> scheduler.setErrorHandler(this);
    }
}
