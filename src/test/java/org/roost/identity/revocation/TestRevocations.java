package org.roost.identity.revocation;

import java.time.Clock;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/** Revocation records for unit tests of other modules: in memory only, told to no other instance. */
public final class TestRevocations {

    private TestRevocations() {
    }

    /** Credential revocations whose database is never reached: {@code remember} and {@code isRevoked} only. */
    public static CredentialRevocations withoutDatabase(Clock clock) {
        return new CredentialRevocations(JdbcClient.create(new SimpleDriverDataSource()), clock, new RevocationPublisher.Local());
    }
}
