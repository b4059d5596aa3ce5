package org.roost.authorization.passkeys;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.roost.platform.origin.PublicOrigin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class PasskeyOriginsTest {

    private final PublicOrigin origin = mock(PublicOrigin.class);

    @Test
    void followsThePublicOriginWhenNoneAreConfigured() {
        // given
        when(origin.url()).thenReturn("http://localhost:9090");
        PasskeyOrigins origins = new PasskeyOrigins(Set.of(), origin);

        // then
        assertThat(origins).containsExactly("http://localhost:9090");

        // and, read on use, a port known only once the server listens
        when(origin.url()).thenReturn("http://localhost:41234");
        assertThat(origins).containsExactly("http://localhost:41234").doesNotContain("http://localhost:9090");
    }

    @Test
    void configuredOriginsReplaceThePublicOne() {
        // given
        when(origin.url()).thenReturn("http://localhost:9090");

        // when
        PasskeyOrigins origins = new PasskeyOrigins(Set.of("https://roost.example.com", " https://www.roost.example.com "), origin);

        // then
        assertThat(origins).containsExactlyInAnyOrder("https://roost.example.com", "https://www.roost.example.com");
        assertThat(origins.contains("http://localhost:9090")).isFalse();
    }
}
