package org.roost.social.post;

import java.util.Set;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.CleanText;
import org.roost.platform.shared.MergePatch;
import org.roost.platform.shared.TextRules;

/**
 * What clients may write in posts; REST and GraphQL validate the same records. {@link CleanText} also refuses the
 * NUL character: PostgreSQL text cannot hold it, so it is invalid input rather than a failed insert.
 */
public final class PostCommands {

    private PostCommands() {
    }

    /** @param inReplyTo the id of the post this one answers (anyone's), or null for a post that starts a thread */
    public record CreatePost(@NotNull @NotBlank @Size(max = 200) @CleanText(TextRules.Use.TITLE) String title,
            @Schema(types = { "string", "null" }) @Nullable @Size(max = 10_000) @CleanText(TextRules.Use.BODY) String body,
            @Schema(types = { "string", "null" }, description = "The id of the post this one replies to")
            @Nullable @Size(max = 20) String inReplyTo) {
    }

    /** A partial update: an absent field stays as it is; in a merge patch a null body empties it. */
    public record UpdatePost(
            @Nullable @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @Size(min = 1, max = 200)
            @CleanText(TextRules.Use.TITLE) String title,
            @Schema(types = { "string", "null" }) @Nullable @Size(max = 10_000) @CleanText(TextRules.Use.BODY) String body) implements MergePatch<UpdatePost> {

        @Override
        public UpdatePost removing(Set<String> members) {
            if (members.contains("title")) {
                throw ApiException.invalid("title", "must not be null: a post has a title");
            }
            return members.contains("body") ? new UpdatePost(title, "") : this;
        }
    }
}
