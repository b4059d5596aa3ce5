package org.roost.identity.login;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

/**
 * The body of a password sign-in over JSON: {@code POST /login} (a session) and {@code POST /auth/token}
 * (tokens, which ignore {@code rememberMe}).
 */
public record LoginRequest(@NotBlank @Size(max = 256) String username, @NotBlank @Size(max = 256) String password,
        @Schema(types = { "boolean", "null" }) @Nullable Boolean rememberMe) {
}
