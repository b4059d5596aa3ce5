package org.roost.platform.origin;

import org.roost.platform.origin.PublicOrigin;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** The one public origin: which URL every absolute link starts with, and which Host names a request may carry. */
class PublicOriginTest {

    @Test
    void defaultsToLocalhostOnThePortTheServerListensOn() {
        MockEnvironment environment = new MockEnvironment().withProperty("server.port", "0")
                .withProperty("local.server.port", "43210");

        PublicOrigin origin = new PublicOrigin(new PublicOriginProperties("", List.of()), environment);

        assertThat(origin.link("/reset-password")).isEqualTo("http://localhost:43210/reset-password");
        assertThat(origin.allowsHost("localhost")).isTrue();
        assertThat(origin.allowsHost("127.0.0.1")).isTrue();
        assertThat(origin.allowsHost("[::1]")).isTrue();
        assertThat(origin.allowsHost("127.0.0.2")).isTrue();
        assertThat(origin.allowsHost("127.0.0.256")).isFalse();
        assertThat(origin.allowsHost("127.0.0.1.evil.example")).isFalse();
        assertThat(origin.allowsHost("LOCALHOST.")).isTrue();
        assertThat(origin.allowsHost("evil.example")).isFalse();
        assertThat(origin.allowsHost("localhost.evil.example")).isFalse();
        assertThat(origin.allowsHost(null)).isFalse();
    }

    @Test
    void thePublicUrlWinsOverTheIssuerAndBothNameAllowedHosts() {
        MockEnvironment environment = new MockEnvironment()
                .withProperty(PublicOrigin.ISSUER_PROPERTY, "https://id.roost.example");

        PublicOrigin origin = new PublicOrigin(new PublicOriginProperties("https://roost.example/", List.of("10.0.0.7")),
                environment);

        assertThat(origin.url()).isEqualTo("https://roost.example");
        assertThat(origin.allowsHost("roost.example")).isTrue();
        assertThat(origin.allowsHost("ID.roost.example")).isTrue();
        assertThat(origin.allowsHost("10.0.0.7")).isTrue();
        assertThat(origin.allowsHost("evil.example")).isFalse();
    }

    @Test
    void theIssuerIsTheOriginWhenNoPublicUrlIsSet() {
        MockEnvironment environment = new MockEnvironment().withProperty(PublicOrigin.ISSUER_PROPERTY, "http://roost.test");

        assertThat(new PublicOrigin(new PublicOriginProperties("", List.of()), environment).link("/login"))
                .isEqualTo("http://roost.test/login");
    }

    @Test
    void aStarAllowsAnyHostAndABadUrlStopsTheStart() {
        MockEnvironment environment = new MockEnvironment();

        assertThat(new PublicOrigin(new PublicOriginProperties("", List.of("*")), environment).allowsHost("any.example"))
                .isTrue();
        assertThatIllegalStateException().isThrownBy(() -> new PublicOrigin(
                new PublicOriginProperties("roost.example.com", List.of()), environment)).withMessageContaining("roost.public-url");
        assertThatIllegalStateException().isThrownBy(() -> new PublicOrigin(
                new PublicOriginProperties("https://roost.example.com/?x=1", List.of()), environment));
    }
}
