package org.roost.post;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

/** PostgreSQL text cannot hold the NUL character, so it is refused as invalid input rather than failing the insert. */
public final class PostCommands {

    private PostCommands() {
    }

    public record CreatePost(@NotNull @NotBlank @Size(max = 200) @Pattern(regexp = "[^\\x00]*", message = "must not contain the NUL character") String title,
            @Nullable @Size(max = 10_000) @Pattern(regexp = "[^\\x00]*", message = "must not contain the NUL character") String body) {
    }

    /** A partial update: an absent field stays as it is. */
    public record UpdatePost(
            @Nullable @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @Size(min = 1, max = 200)
            @Pattern(regexp = "[^\\x00]*", message = "must not contain the NUL character") String title,
            @Nullable @Size(max = 10_000) @Pattern(regexp = "[^\\x00]*", message = "must not contain the NUL character") String body) {
    }
}
