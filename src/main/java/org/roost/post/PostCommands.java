package org.roost.post;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;

public final class PostCommands {

    private PostCommands() {
    }

    public record CreatePost(@NotNull @NotBlank @Size(max = 200) String title, @Nullable @Size(max = 10_000) String body) {
    }

    /** A partial update: an absent field stays as it is. */
    public record UpdatePost(
            @Nullable @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @Size(min = 1, max = 200) String title,
            @Nullable @Size(max = 10_000) String body) {
    }
}
