package org.roost.identity.federation;

import org.roost.support.ServerOnPostgresVariant;
import org.springframework.beans.factory.annotation.Autowired;

/** {@link ProviderSignInContract} on PostgreSQL, with sessions in Redis, the provider registered as the service starts. */
@ServerOnPostgresVariant
class ProviderSignInOnPostgresTest extends ProviderSignInContract {

    @Autowired
    TestProvider provider;

    @Override
    TestProvider provider() {
        return provider;
    }

    @Override
    String issuer() {
        return provider.issuer();
    }
}
