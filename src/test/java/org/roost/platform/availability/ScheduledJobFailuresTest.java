package org.roost.platform.availability;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A scheduled job that fails because the database is away writes one WARN line with the cause, on the scheduler Spring
 * Boot makes with virtual threads and on the pooled one; a job that fails for any other reason still writes ERROR with
 * its stack trace. Each job fails on every run, every 20 ms: the log is read once the job has run at least twice.
 */
class ScheduledJobFailuresTest {

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);

    @BeforeEach
    void listen() {
        lines.start();
        root.addAppender(lines);
    }

    @AfterEach
    void stopListening() {
        root.detachAppender(lines);
    }

    private ApplicationContextRunner runner(boolean virtualThreads, Class<?> job) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(TaskSchedulingAutoConfiguration.class))
                .withUserConfiguration(ScheduledJobFailures.class, job)
                .withPropertyValues("spring.threads.virtual.enabled=" + virtualThreads);
    }

    @ParameterizedTest(name = "virtual threads {0}")
    @ValueSource(booleans = { true, false })
    void logsADatabaseOutageAsOneWarningLine(boolean virtualThreads) {
        runner(virtualThreads, DatabaseAway.class).run(context -> {
            AtomicInteger runs = context.getBean(DatabaseAway.class).runs;
            await().atMost(Duration.ofSeconds(20)).until(() -> runs.get() >= 2 && fromJobs().size() >= 2);

            assertThat(fromJobs()).allSatisfy(line -> {
                assertThat(line.getLevel()).isEqualTo(Level.WARN);
                assertThat(line.getThrowableProxy()).as("no stack trace").isNull();
                assertThat(line.getFormattedMessage()).contains("a dependency is unavailable", "the database is away");
            });
        });
    }

    @ParameterizedTest(name = "virtual threads {0}")
    @ValueSource(booleans = { true, false })
    void keepsABugAnErrorWithItsStackTrace(boolean virtualThreads) {
        runner(virtualThreads, Broken.class).run(context -> {
            await().atMost(Duration.ofSeconds(20)).until(() -> fromJobs().size() >= 2);

            assertThat(fromJobs()).allSatisfy(line -> {
                assertThat(line.getLevel()).isEqualTo(Level.ERROR);
                assertThat(line.getThrowableProxy().getMessage()).isEqualTo("a bug");
            });
        });
    }

    /** What any logger wrote about a failed job: ours, or Spring's own handler's ERROR if ours is not in place. */
    private List<ILoggingEvent> fromJobs() {
        return List.copyOf(lines.list).stream()
                .filter(line -> line.getLevel().isGreaterOrEqual(Level.WARN))
                .filter(line -> line.getLoggerName().equals(ScheduledJobFailures.class.getName())
                        || line.getLoggerName().startsWith("org.springframework.scheduling"))
                .toList();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableScheduling
    static class DatabaseAway {

        final AtomicInteger runs = new AtomicInteger();

        @Scheduled(fixedDelay = 20)
        void reRead() {
            runs.incrementAndGet();
            throw new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection",
                    new java.sql.SQLTransientConnectionException("the database is away"));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableScheduling
    static class Broken {

        @Scheduled(fixedDelay = 20)
        void purge() {
            throw new IllegalStateException("a bug");
        }
    }
}
