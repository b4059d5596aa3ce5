package org.roost.support;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Gives every test context a PostgreSQL schema of its own ({@code roost.test.context-schema}: the run's
 * schema and a number), which application-postgres.yml uses. Why: each context cleans its schema at start
 * (TestDatabaseConfig), and when contexts shared one, a cached context lost its rows and signing keys to the
 * next context's clean, and refused its own fresh tokens once it re-read its keys (a ScopeMatrixTest failure).
 * The customizer equals every other, so the context cache is unchanged; it runs only when a context is built.
 */
public final class SchemaPerContext implements ContextCustomizerFactory {

    private static final AtomicInteger CONTEXTS = new AtomicInteger();

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass, List<ContextConfigurationAttributes> attributes) {
        return new Customizer();
    }

    private static final class Customizer implements ContextCustomizer {

        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
            String run = System.getProperty(IsolatedTestRun.SCHEMA_PROPERTY, "roost_test");
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("schemaPerContext",
                    Map.of("roost.test.context-schema", run + "_c" + CONTEXTS.incrementAndGet())));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Customizer;
        }

        @Override
        public int hashCode() {
            return Customizer.class.hashCode();
        }
    }
}
