package org.roost.identity.federation;

/**
 * Why signing in (or linking) with a provider did not open an account, each with the page a person then sees.
 * Never silently another account: a provider's word opens an existing account only through a link its owner made,
 * or through an address both sides have verified.
 */
enum Refusal {
    EMAIL_UNVERIFIED_HERE(409, "Link this provider from settings first",
            "A Roost account uses the email address this provider gave, but that address is not confirmed here, so "
                    + "we cannot tell that the account is yours. Sign in with your username and password, then link "
                    + "the provider in Settings (Sign-in providers)."),
    EMAIL_UNVERIFIED_THERE(403, "Your email address is not verified by this provider",
            "This provider did not confirm your email address, so we cannot open or create an account with it. If you "
                    + "have a Roost account, sign in with your username and password, then link the provider in "
                    + "Settings (Sign-in providers)."),
    LINK_NEEDS_SECOND_FACTOR(409, "Link this provider from settings",
            "A Roost account has confirmed the email address this provider gave, and it has two-factor sign-in on: "
                    + "a provider's word alone does not open it. Sign in with your password and a code, then link the "
                    + "provider in Settings (Sign-in providers)."),
    LINKED_ELSEWHERE(409, "This provider account is linked to another Roost account",
            "The account you signed in with at the provider already signs in to a different Roost account. Remove "
                    + "the link there first, or sign in to that account."),
    PROVIDER_ALREADY_LINKED(409, "You have linked this provider already",
            "Your Roost account is linked to another account at this provider. Remove that link in Settings first."),
    LINK_EXPIRED(400, "This link request has expired",
            "Linking a provider must be started from Settings, in this browser, and finished within a few minutes. "
                    + "Please start again from Settings."),
    SIGN_IN_EXPIRED(400, "This sign-in has expired",
            "The sign-in was not finished in time, or it was started in another browser. Please sign in again."),
    PROVIDER_FAILED(400, "Signing in with the provider did not complete",
            "The provider did not confirm who you are (you may have cancelled, or the sign-in took too long). "
                    + "Please try again."),
    NOT_OPENID(400, "This provider cannot be used to sign in",
            "The provider did not answer with OpenID Connect, which signing in needs.");

    private final int status;
    private final String title;
    private final String explanation;

    Refusal(int status, String title, String explanation) {
        this.status = status;
        this.title = title;
        this.explanation = explanation;
    }

    int status() {
        return status;
    }

    String title() {
        return title;
    }

    String explanation() {
        return explanation;
    }

    /** For the audit log and the page's address. */
    String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
