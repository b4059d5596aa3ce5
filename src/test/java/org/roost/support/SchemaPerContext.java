package org.roost.support;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.context.ConfigurableApplicationContext;
import org.jspecify.annotations.Nullable;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Gives every test context a PostgreSQL schema of its own ({@code roost.test.context-schema}: the run's
 * schema and a number), which application-postgres.yml uses, and a free port ({@link IntegrationTest#PORT_PROPERTY}). Why: each context cleans its schema at start
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
            int number = CONTEXTS.incrementAndGet();
            Map<String, Object> own = new java.util.HashMap<>(Map.of("roost.test.context-schema", run + "_c" + number));
            // A Redis namespace of its own too, within the run's (which the run deletes at its end): ids restart in
            // every schema, so keys that hold one (a password reset's per-account count, "u:7") were shared by two
            // contexts' different users, and one context's test found another's limit spent (no mail came).
            String namespace = System.getProperty(IsolatedTestRun.NAMESPACE_PROPERTY, "");
            boolean ownAlready = java.util.Arrays.stream(configuration.getPropertySourceProperties())
                    .anyMatch(property -> property.startsWith(IsolatedTestRun.NAMESPACE_PROPERTY + "="));
            if (!namespace.isEmpty() && !ownAlready) { // a test that names one (SubscriptionCapsTest) keeps it
                own.put(IsolatedTestRun.NAMESPACE_PROPERTY, namespace + ":c" + number);
            }
            // A port for @IntegrationTest's service, free now: its origin is known before it starts (browser tests
            // register it as WebAuthn's origin and an OAuth redirect). Other contexts do not look it up.
            own.put(IntegrationTest.PORT_PROPERTY, freePort());
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("schemaPerContext", own));
            // The mail server's port for @TestMail, looked up only by a context that mails (it starts the server).
            context.getEnvironment().getPropertySources().addLast(new PropertySource<>("testMailPort") {
                @Override
                public @Nullable Object getProperty(String name) {
                    return TestMail.PORT_PROPERTY.equals(name) ? TestMailServer.port() : null;
                }
            });
        }

        private static int freePort() {
            try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
                return socket.getLocalPort();
            }
            catch (java.io.IOException ex) {
                throw new IllegalStateException(ex);
            }
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
