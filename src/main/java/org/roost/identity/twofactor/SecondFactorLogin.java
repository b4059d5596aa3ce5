package org.roost.identity.twofactor;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

/**
 * The second step of a password sign-in: the step token of the {@code SECOND_FACTOR_REQUIRED} answer and a code
 * (the authenticator's, or a recovery code). {@code rememberMe} is for the session sign-in, as in the first step.
 */
public record SecondFactorLogin(@NotBlank @Size(max = 256) String stepToken, @NotBlank @Size(max = 32) String code,
        @Schema(types = { "boolean", "null" }) @Nullable Boolean rememberMe) {
}
