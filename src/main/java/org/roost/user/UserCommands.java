package org.roost.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

/** What clients may ask of users; REST and GraphQL validate the same records. */
public final class UserCommands {

    private UserCommands() {
    }

    public record SignUp(
            @NotNull @Pattern(regexp = "[A-Za-z0-9_.-]{3,32}", message = "must be 3 to 32 letters, digits, '.', '_' or '-'") String username,
            @NotBlank @Size(max = 100) @Pattern(regexp = "[^\\x00]*", message = "must not contain the NUL character") String name,
            @NotNull @Size(min = 8, max = 256) String password) {
    }

    /** A partial update: an absent field stays as it is. A new password needs the current one. */
    public record UpdateUser(
            @Nullable @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @Size(min = 1, max = 100)
            @Pattern(regexp = "[^\\x00]*", message = "must not contain the NUL character") String name,
            @Nullable @Size(min = 8, max = 256) String password,
            @Nullable String currentPassword) {
    }
}
