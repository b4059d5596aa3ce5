package org.roost.identity.federation;

import org.junit.jupiter.api.AfterAll;
import org.roost.support.ServerOnPostgres;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link ProviderSignInContract} on PostgreSQL, with sessions in Redis. */
@ServerOnPostgres
class ProviderSignInOnPostgresTest extends ProviderSignInContract {

    static TestProvider provider;

    @DynamicPropertySource
    static void provider(DynamicPropertyRegistry registry) throws Exception {
        provider = TestProvider.start();
        provider.register(registry);
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.close();
        }
    }

    @Override
    String issuer() {
        return provider.issuer();
    }
}
