package org.roost.authorization.passkeys;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.EmbeddedDefaultsTest;

import static org.assertj.core.api.Assertions.assertThat;

@EmbeddedDefaultsTest
class PasskeysOnH2Test extends PasskeysContract {

    /**
     * With no passkey settings (the embedded defaults, a random port), a passkey is made from the page the service
     * serves, at http://localhost:{port}, and not from http://localhost:8080, which application.yml pinned whatever
     * the port (issue 47).
     */
    @Test
    void acceptsTheServicesOwnOriginWhenNoneIsConfigured() {
        // given
        assertThat(port).isNotEqualTo(8080);
        ApiClient.Login owner = api().newUser("pkport");

        // when
        var fromEightyEighty = register(owner, new SoftAuthenticator(), "http://localhost:8080", "localhost", "Elsewhere");
        var fromItsOwnPort = register(owner, new SoftAuthenticator(), origin(), "localhost", "Here");

        // then
        assertThat(fromEightyEighty.getResponse().getStatus()).isBetween(400, 499);
        assertThat(fromItsOwnPort).hasStatus(200).bodyJson().extractingPath("$.success").isEqualTo(true);
    }
}
