package org.roost.identity.federation;

import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.TextRules;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.stereotype.Component;

/**
 * The new account of someone who signed in with a provider for the first time: its username is the provider's
 * {@code preferred_username} (else the address's local part) reduced to the characters a username allows, with
 * {@code -2}, {@code -3}, ... then a random number appended while it is taken; its name is the provider's
 * {@code name}, else the username.
 */
@Component
class Usernames {

    private static final int NUMBERED = 20;
    private static final int RANDOM = 10;

    private final UserService users;
    private final SecureRandom random = new SecureRandom();

    Usernames(UserService users) {
        this.users = users;
    }

    UserSummary create(ProviderAssertion assertion, String verifiedEmail) {
        String base = base(assertion.preferredUsername(), verifiedEmail);
        for (int attempt = 1; attempt <= NUMBERED + RANDOM; attempt++) {
            String username = attempt == 1 ? base
                    : base + "-" + (attempt <= NUMBERED ? attempt : 1000 + random.nextInt(9_000_000));
            Optional<UserSummary> created = users.signUpVerified(username, name(assertion.name(), username), verifiedEmail);
            if (created.isPresent()) {
                return created.get();
            }
        }
        throw ApiException.conflict("No free username could be found for this account.");
    }

    static String base(@Nullable String preferred, String email) {
        String candidate = clean(preferred == null ? "" : preferred);
        if (candidate.length() < 3) {
            candidate = clean(email.substring(0, Math.max(0, email.indexOf('@'))));
        }
        if (candidate.length() < 3) {
            candidate = "user";
        }
        return candidate;
    }

    /** Letters without accents, digits, '.', '_' and '-'; starting and ending with a letter or digit; 24 at most. */
    static String clean(String text) {
        String plain = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.-]", "");
        String trimmed = plain.replaceAll("^[^a-z0-9]+", "");
        if (trimmed.length() > 24) {
            trimmed = trimmed.substring(0, 24);
        }
        trimmed = trimmed.replaceAll("[^a-z0-9]+$", "");
        return TextRules.isUsername(trimmed) ? trimmed : "";
    }

    private static String name(@Nullable String name, String username) {
        if (name == null || name.isBlank()) {
            return username;
        }
        String stripped = name.strip();
        String shortened = stripped.codePointCount(0, stripped.length()) <= 100 ? stripped
                : stripped.substring(0, stripped.offsetByCodePoints(0, 100));
        return TextRules.problem(TextRules.Use.NAME, shortened) == null ? shortened : username;
    }
}
