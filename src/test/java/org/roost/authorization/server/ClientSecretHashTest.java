package org.roost.authorization.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

class ClientSecretHashTest {

    private final PasswordEncoder secrets = AuthorizationStores.clientSecrets();

    @Test
    void storesSecretsAsSha256AndMatchesOnlyTheSameSecret() {
        // given a stored secret
        String stored = secrets.encode("Vb3qk1nO2m0tJx8Yq6wP4sZr7uLc5eHa");

        // when / then it is a tagged SHA-256 that matches the secret and nothing else
        assertThat(stored).startsWith("{sha256}").hasSize("{sha256}".length() + 64);
        assertThat(secrets.matches("Vb3qk1nO2m0tJx8Yq6wP4sZr7uLc5eHa", stored)).isTrue();
        assertThat(secrets.matches("Vb3qk1nO2m0tJx8Yq6wP4sZr7uLc5eHb", stored)).isFalse();
        assertThat(secrets.matches("Vb3qk1nO2m0tJx8Yq6wP4sZr7uLc5eHa", "{sha256}not-hex")).isFalse();
        assertThat(secrets.upgradeEncoding(stored)).isFalse();
    }

    @Test
    void verifiesSecretsStoredWithBcryptAndAsksToRehashThem() {
        // given a secret stored by an earlier version
        String legacy = "{bcrypt}" + new BCryptPasswordEncoder().encode("an-older-client-secret");

        // when / then it still verifies, and is due for rehashing
        assertThat(secrets.matches("an-older-client-secret", legacy)).isTrue();
        assertThat(secrets.matches("another-secret", legacy)).isFalse();
        assertThat(secrets.upgradeEncoding(legacy)).isTrue();
    }
}
