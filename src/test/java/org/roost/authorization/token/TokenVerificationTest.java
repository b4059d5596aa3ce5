package org.roost.authorization.token;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The audience claim as JSON gives it, a string or a list of strings, read without converting it. */
class TokenVerificationTest {

    @Test
    void readsTheAudienceAsAStringOrAList() {
        assertThat(TokenVerification.names("roost-api", "roost-api")).isTrue();
        assertThat(TokenVerification.names(List.of("other", "roost-api"), "roost-api")).isTrue();
        assertThat(TokenVerification.names("other", "roost-api")).isFalse();
        assertThat(TokenVerification.names(List.of("other"), "roost-api")).isFalse();
        assertThat(TokenVerification.names(null, "roost-api")).isFalse();
        assertThat(TokenVerification.names(42, "roost-api")).isFalse();
        assertThat(TokenVerification.names(List.of(), "roost-api")).isFalse();
    }
}
