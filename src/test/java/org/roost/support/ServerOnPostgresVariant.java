package org.roost.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.roost.identity.federation.TestProviderRegistration;
import org.springframework.test.context.ContextCustomizerFactories;
import org.springframework.test.context.TestPropertySource;

/**
 * The {@link IntegrationTest} service (PostgreSQL, Redis, a real port and MockMvc) with what the shared one must not
 * have, for the tests that need either (docs/testing.md, "Shared configurations"); neither disturbs the other's tests:
 * <ul>
 * <li>keys signed with ES256 rather than the default RS256 (authorization.server.DiscoveryWithEs256KeysTest);</li>
 * <li>a third-party OpenID provider registered, as an operator registers one (identity.federation.TestProvider,
 * started with the context): ProviderSignInOnPostgresTest and ProviderSignInInBrowserTest. The shared services offer
 * no provider, as the embedded defaults do not (identity.federation.NoProviderConfiguredTest).</li>
 * </ul>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@IntegrationTest
@TestPropertySource(properties = "roost.tokens.signing-algorithm=ES256")
@ContextCustomizerFactories(TestProviderRegistration.class)
public @interface ServerOnPostgresVariant {
}
