package org.roost.authorization.signin;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.roost.platform.web.HtmlPages;
import org.springframework.security.oauth2.core.oidc.OidcScopes;

/**
 * The consent form a person answers, for an authorization request and a device alike ({@code
 * templates/consent-form.mustache}): the app's name and who registered it, each scope in words with its checkbox
 * beside it (checked; unchecking one grants the rest), Allow as the main action and Deny as a secondary one. Deny
 * posts the same form without scopes, which both of Spring's consent endpoints read as a refusal.
 */
public final class ConsentForm {

    private static final Map<String, String> SCOPE_WORDS = Map.of(
            OidcScopes.OPENID, "Know who you are on Roost",
            OidcScopes.PROFILE, "See your name and username",
            OidcScopes.EMAIL, "See your email address",
            "users:read", "See people's profiles",
            "posts:read", "Read posts",
            "posts:write", "Write, change and delete your posts",
            "followers:write", "Follow and unfollow people for you",
            "notifications:read", "See your notifications and mark them read");

    private ConsentForm() {
    }

    /** A scope in words, or the scope itself when it has none. */
    public static String words(String scope) {
        return SCOPE_WORDS.getOrDefault(scope, scope);
    }

    /**
     * The form's values, for a page template that includes {@code {{>consent-form}}}; plain text, escaped there.
     *
     * @param owner      who registered the app, or null for an app the operator configured
     * @param signedInAs the person's username, or null when it cannot be told
     * @param hidden     the fields both forms carry (client id, state, CSRF token, user code…), in order
     */
    public static Map<String, Object> model(String app, @Nullable String owner, @Nullable String signedInAs,
            Collection<String> scopes, String action, Map<String, String> hidden) {
        List<Map<String, String>> fields = new ArrayList<>();
        hidden.forEach((name, value) -> fields.add(Map.of("name", name, "value", value)));
        List<Map<String, String>> choices = new ArrayList<>();
        for (String scope : scopes) {
            if (!OidcScopes.OPENID.equals(scope)) {
                choices.add(Map.of("id", "scope-" + choices.size(), "scope", scope, "words", words(scope)));
            }
        }
        Map<String, Object> model = new HashMap<>();
        model.put("app", app);
        model.put("owner", HtmlPages.optional(owner));
        model.put("signedInAs", HtmlPages.optional(signedInAs));
        model.put("action", action);
        model.put("hidden", fields);
        model.put("openid", scopes.contains(OidcScopes.OPENID));
        model.put("choices", choices);
        return model;
    }
}
