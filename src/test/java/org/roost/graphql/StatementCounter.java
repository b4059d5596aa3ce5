package org.roost.graphql;

import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Counts the SQL statements the application runs for requests, on every thread (resolvers run on many). Statements of
 * scheduled tasks (the denylist and revocation syncs every 30 s) are left out: they land in a measured window at
 * random, more often on a loaded machine, and made the counts flaky.
 */
@TestConfiguration(proxyBeanMethods = false)
public class StatementCounter {

    private static final AtomicLong STATEMENTS = new AtomicLong();

    /** Spring Boot's name prefix for the task scheduler's threads (spring.task.scheduling.thread-name-prefix). */
    private static final String SCHEDULER_THREADS = "scheduling-";

    public static long count() {
        return STATEMENTS.get();
    }

    @Bean
    static BeanPostProcessor countingDataSource() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof DataSource dataSource && !name.contains("Proxy")) {
                    return ProxyDataSourceBuilder.create(dataSource).name("counted").listener(new QueryExecutionListener() {
                        @Override
                        public void beforeQuery(net.ttddyy.dsproxy.ExecutionInfo info, java.util.List<net.ttddyy.dsproxy.QueryInfo> queries) {
                        }

                        @Override
                        public void afterQuery(net.ttddyy.dsproxy.ExecutionInfo info, java.util.List<net.ttddyy.dsproxy.QueryInfo> queries) {
                            if (!Thread.currentThread().getName().startsWith(SCHEDULER_THREADS)) {
                                STATEMENTS.addAndGet(queries.size());
                            }
                        }
                    }).build();
                }
                return bean;
            }
        };
    }
}
