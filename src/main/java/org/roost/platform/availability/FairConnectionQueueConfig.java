package org.roost.platform.availability;

import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.env.Environment;

/**
 * Puts {@link FairConnectionQueue} in front of the pool Spring Boot makes, unless {@code roost.database.fair-queue}
 * is false (read from the environment at start: a post-processor is made before configuration properties are bound,
 * and a condition would be settled by the AOT build at build time), and
 * counts the requests in its line as {@code roost.database.queue.waiting}: while the queue is there, HikariCP's own
 * {@code hikaricp.connections.pending} sees only the few that reached the pool.
 */
@Configuration(proxyBeanMethods = false)
class FairConnectionQueueConfig {

    @Bean
    static InFrontOfThePool fairConnectionQueue(Environment environment) { // the type tells Spring it is PriorityOrdered
        return new InFrontOfThePool(environment.getProperty("roost.database.fair-queue", Boolean.class, true));
    }

    @Bean
    MeterBinder fairConnectionQueueMeter(ObjectProvider<DataSource> dataSources) {
        return meters -> dataSources.orderedStream().map(FairConnectionQueueConfig::queue).flatMap(Optional::stream)
                .forEach(queue -> Gauge.builder("roost.database.queue.waiting", queue, FairConnectionQueue::waiting)
                        .description("Requests waiting in line for a pooled connection").register(meters));
    }

    private static Optional<FairConnectionQueue> queue(DataSource dataSource) {
        try {
            return dataSource.isWrapperFor(FairConnectionQueue.class)
                    ? Optional.of(dataSource.unwrap(FairConnectionQueue.class)) : Optional.empty();
        }
        catch (SQLException notWrapped) {
            return Optional.empty();
        }
    }

    /**
     * First of the post-processors, so that any other wrapper of the pool (a statement counter in the tests, a
     * tracing proxy) goes around the queue, and a caller waits in line once.
     */
    record InFrontOfThePool(boolean enabled) implements BeanPostProcessor, PriorityOrdered {

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }

        @Override
        public Object postProcessAfterInitialization(Object bean, String beanName) {
            return enabled && bean instanceof HikariDataSource pool ? new FairConnectionQueue(pool) : bean;
        }
    }
}
