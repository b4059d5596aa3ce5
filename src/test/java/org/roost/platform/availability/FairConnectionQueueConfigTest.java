package org.roost.platform.availability;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/** The pool is put behind the queue by default, and left alone with {@code roost.database.fair-queue=false}. */
class FairConnectionQueueConfigTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(FairConnectionQueueConfig.class, Pool.class);

    @Test
    void putsThePoolBehindTheQueueByDefault() {
        context.run(app -> {
            DataSource dataSource = app.getBean(DataSource.class);
            assertThat(dataSource).isInstanceOf(FairConnectionQueue.class);
            assertThat(dataSource.unwrap(HikariDataSource.class)).isNotNull();
        });
    }

    @Test
    void leavesThePoolAloneWhenSwitchedOff() {
        context.withPropertyValues("roost.database.fair-queue=false")
                .run(app -> assertThat(app.getBean(DataSource.class)).isExactlyInstanceOf(HikariDataSource.class));
    }

    @Configuration(proxyBeanMethods = false)
    static class Pool {

        @Bean(destroyMethod = "close")
        HikariDataSource dataSource() {
            HikariDataSource pool = new HikariDataSource();
            pool.setJdbcUrl("jdbc:h2:mem:fair-config-" + System.nanoTime());
            pool.setMaximumPoolSize(1);
            return pool;
        }
    }
}
