package org.roost.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;
import org.roost.shared.CleanText;
import org.roost.shared.TextRules;

/**
 * What clients may ask of users; REST and GraphQL validate the same records. {@link CleanText} also refuses the
 * NUL character, which PostgreSQL text cannot hold.
 */
public final class UserCommands {

    private UserCommands() {
    }

    public record SignUp(
            @NotNull @Pattern(regexp = TextRules.USERNAME, message = TextRules.USERNAME_MESSAGE) String username,
            @NotBlank @Size(max = 100) @CleanText(TextRules.Use.NAME) String name,
            @NotNull @Size(min = 8, max = 256) String password) {
    }

    /** A partial update: an absent field stays as it is. A new password needs the current one. */
    public record UpdateUser(
            @Nullable @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @Size(min = 1, max = 100)
            @CleanText(TextRules.Use.NAME) String name,
            @Nullable @Size(min = 8, max = 256) String password,
            @Nullable String currentPassword) {
    }
}
