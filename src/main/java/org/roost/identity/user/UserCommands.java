package org.roost.identity.user;

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
 * What clients may ask of users; REST and GraphQL validate the same records. {@link CleanText} also refuses the
 * NUL character, which PostgreSQL text cannot hold.
 */
public final class UserCommands {

    private UserCommands() {
    }

    /**
     * An address with one {@code @}, a dot in its domain and no space or control character; Jakarta's
     * {@code @Email} alone takes {@code a@b}, which no mail server delivers to.
     */
    public static final String EMAIL = "[^\\s\\p{Cntrl}@]{1,64}@[^\\s\\p{Cntrl}@.]+(\\.[^\\s\\p{Cntrl}@.]+)+";
    public static final String EMAIL_MESSAGE = "must be an email address such as name@example.com";

    /** @param email optional; a link to prove it is mailed to it */
    public record SignUp(
            @NotNull @Pattern(regexp = TextRules.USERNAME, message = TextRules.USERNAME_MESSAGE) String username,
            @NotBlank @Size(max = 100) @CleanText(TextRules.Use.NAME) String name,
            @NotNull @Size(min = 8, max = 256) String password,
            @Schema(types = { "string", "null" }) @Nullable @Size(max = 254) @Pattern(regexp = EMAIL, message = EMAIL_MESSAGE) String email) {
    }

    /** The longest bio, in characters. */
    public static final int BIO_MAX = 300;

    /**
     * A partial update: an absent field stays as it is. A new password or email address needs the current
     * password; an empty {@code email} removes the address.
     */
    public record UpdateUser(
            @Nullable @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") @Size(min = 1, max = 100)
            @CleanText(TextRules.Use.NAME) String name,
            @Nullable @Size(min = 8, max = 256) String password,
            @Schema(types = { "string", "null" }) @Nullable String currentPassword,
            @Schema(types = { "string", "null" }) @Nullable @Size(max = 254) @Pattern(regexp = "|" + EMAIL, message = EMAIL_MESSAGE) String email,
            @Schema(types = { "string", "null" }, description = "A short text about the user, up to 300 characters; empty or null removes it.")
            @Nullable @Size(max = BIO_MAX) @CleanText(TextRules.Use.BODY) String bio)
            implements MergePatch<UpdateUser> {

        /** An update of name, password or address alone (the bio left as it is). */
        public UpdateUser(@Nullable String name, @Nullable String password, @Nullable String currentPassword,
                @Nullable String email) {
            this(name, password, currentPassword, email, null);
        }

        /** In a merge patch a null email removes the address, as an empty one does; name and password stay. */
        @Override
        public UpdateUser removing(Set<String> members) {
            for (String required : new String[] { "name", "password" }) {
                if (members.contains(required)) {
                    throw ApiException.invalid(required, "must not be null: a user cannot be without one");
                }
            }
            // current_password is no member of the user but the proof for a change: null is "not given"
            return new UpdateUser(name, password, currentPassword, members.contains("email") ? "" : email,
                    members.contains("bio") ? "" : bio);
        }
    }
}
