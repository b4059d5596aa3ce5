package org.roost.gateway.security;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which spellings the path rule refuses: an unreserved character percent-encoded, and nothing else. */
class EncodedPathRefusalTest {

    @Test
    void spotsEncodedUnreservedCharactersOnly() {
        assertThat(EncodedPathRefusal.encodesUnreserved("/%61pi/v1/users")).isTrue();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/users/%31")).isTrue();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/%7e")).isTrue();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/%2D%2e%5F")).isTrue();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/users/caf%C3%A9")).isFalse();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/a%20b")).isFalse();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/%")).isFalse();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/%6")).isFalse();
        assertThat(EncodedPathRefusal.encodesUnreserved("/api/v1/users")).isFalse();
    }
}
