package org.roost.identity.federation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the {@link TestProvider} as its context is built and registers it with Roost as provider {@code test}
 * (its properties in the environment before the configuration is read: the OpenID client's auto-configuration is
 * conditional on them, so a bean could not add them); the provider is a bean tests can inject, stopped when the
 * context closes. Named by support.ServerOnPostgresVariant ({@code @ContextCustomizerFactories}), so every test that
 * signs in with a provider shares one service. Its customizers are all equal: they key no context of their own.
 */
public class TestProviderRegistration implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass, List<ContextConfigurationAttributes> attributes) {
        return new Customizer();
    }

    private static final class Customizer implements ContextCustomizer {

        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
            TestProvider provider;
            try {
                provider = TestProvider.startIfNodeIsThere();
            }
            catch (Exception ex) {
                throw new IllegalStateException("The test OpenID provider did not start", ex);
            }
            Map<String, Object> properties = new HashMap<>();
            provider.register((name, value) -> properties.put(name, value.get()));
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("testProvider", properties));
            context.getBeanFactory().registerSingleton("testProvider", provider);
            context.addApplicationListener((ApplicationListener<ContextClosedEvent>) closed -> provider.close());
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
