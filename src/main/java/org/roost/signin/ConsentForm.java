package org.roost.signin;

import java.util.Collection;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.oidc.OidcScopes;

/**
 * The consent form a person answers, for an authorization request and a device alike: the app's name and who
 * registered it, each scope in words with its checkbox beside it (checked; unchecking one grants the rest), Allow
 * as the main action and Deny as a secondary one. Deny posts the same form without scopes, which both of Spring's
 * consent endpoints read as a refusal.
 */
public final class ConsentForm {

    private static final Map<String, String> SCOPE_WORDS = Map.of(
            OidcScopes.OPENID, "Know who you are on Roost",
            OidcScopes.PROFILE, "See your name and username",
            OidcScopes.EMAIL, "See your email address",
            "users:read", "See people's profiles",
            "posts:read", "Read posts",
            "posts:write", "Write, change and delete your posts",
            "followers:write", "Follow and unfollow people for you");

    private ConsentForm() {
    }

    /** A scope in words, or the scope itself when it has none. */
    public static String words(String scope) {
        return SCOPE_WORDS.getOrDefault(scope, scope);
    }

    /**
     * @param owner  who registered the app, or null for an app the operator configured
     * @param hidden the fields both forms carry (client id, state, CSRF token, user code…)
     */
    public static String render(String app, @Nullable String owner, String signedInAs, Collection<String> scopes,
            String action, Map<String, String> hidden) {
        StringBuilder fields = new StringBuilder();
        hidden.forEach((name, value) -> fields.append(hidden(name, value)));
        StringBuilder choices = new StringBuilder();
        String always = "";
        int index = 0;
        for (String scope : scopes) {
            if (OidcScopes.OPENID.equals(scope)) {
                always = hidden("scope", scope);
                continue;
            }
            String id = "scope-" + index++;
            choices.append("<div class=\"choice\"><input type=\"checkbox\" name=\"scope\" checked id=\"").append(id).append("\" value=\"")
                    .append(Html.escape(scope)).append("\"> <label for=\"").append(id).append("\">")
                    .append(Html.escape(words(scope))).append(" <code>").append(Html.escape(scope))
                    .append("</code></label></div>\n");
        }
        String by = owner == null ? "set up by the operator of this Roost" : "registered by " + Html.escape(owner);
        return """
                <p><strong id="app-name">%s</strong> (%s) asks to use your Roost account%s.</p>
                <form method="post" action="%s">
                %s%s<fieldset><legend>Allow it to:</legend>
                %s</fieldset>
                <button type="submit" id="allow">Allow</button>
                </form>
                <form method="post" action="%s">
                %s<button type="submit" id="deny" class="secondary">Deny</button>
                </form>""".formatted(Html.escape(app), by, signedInAs, Html.escape(action), fields, always,
                choices.isEmpty() ? "<p>Nothing beyond knowing who you are.</p>" : choices.toString(),
                Html.escape(action), fields);
    }

    private static String hidden(String name, String value) {
        return "<input type=\"hidden\" name=\"" + Html.escape(name) + "\" value=\"" + Html.escape(value) + "\">\n";
    }
}
