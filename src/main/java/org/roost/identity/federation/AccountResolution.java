package org.roost.identity.federation;

import java.util.Optional;

import org.roost.platform.shared.SecurityEvent;
import org.roost.identity.twofactor.SecondFactors;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Which Roost account a provider's sign-in opens (docs/federation.md, "Which account"): the one linked to that
 * provider account; else, when the provider asserts a verified address, the account that verified the same address
 * here (linked now) or a new account with it. An address that an account here gave but never confirmed, or one the
 * provider does not vouch for, opens nothing: its owner signs in with a password and links from settings.
 */
@Component
class AccountResolution {

    sealed interface Outcome permits SignedIn, Refused {
    }

    enum How { LINKED_BEFORE, LINKED_NOW, CREATED }

    record SignedIn(UserSummary user, How how) implements Outcome {
    }

    record Refused(Refusal refusal) implements Outcome {
    }

    private final Identities identities;
    private final UserService users;
    private final Usernames usernames;
    private final ApplicationEventPublisher events;
    private final SecondFactors secondFactors;

    AccountResolution(Identities identities, UserService users, Usernames usernames, ApplicationEventPublisher events,
            SecondFactors secondFactors) {
        this.secondFactors = secondFactors;
        this.identities = identities;
        this.users = users;
        this.usernames = usernames;
        this.events = events;
    }

    Outcome signIn(ProviderAssertion assertion) {
        Optional<Identities.Identity> known = identities.find(assertion.issuer(), assertion.subject());
        if (known.isPresent()) {
            return users.find(known.get().userId()).<Outcome>map(user -> new SignedIn(user, How.LINKED_BEFORE))
                    .orElseGet(() -> refuse(assertion, null, Refusal.PROVIDER_FAILED));
        }
        String email = assertion.verifiedEmail();
        if (email == null) {
            return refuse(assertion, null, Refusal.EMAIL_UNVERIFIED_THERE);
        }
        Optional<Long> owner = users.findIdByVerifiedEmail(email);
        if (owner.isPresent() && secondFactors.enabled(owner.get())) {
            // Linked here, the link would be made before the second factor was asked (and then sign in without it):
            // the owner links it from settings, signed in in full.
            return refuse(assertion, owner.get(), Refusal.LINK_NEEDS_SECOND_FACTOR);
        }
        if (owner.isPresent()) {
            return identities.link(owner.get(), assertion).flatMap(linked -> users.find(owner.get()))
                    .<Outcome>map(user -> new SignedIn(user, How.LINKED_NOW))
                    // that account has another account of this provider linked: which is the person's is unclear
                    .orElseGet(() -> refuse(assertion, owner.get(), Refusal.PROVIDER_ALREADY_LINKED));
        }
        if (users.hasUnverifiedEmail(email)) {
            return refuse(assertion, null, Refusal.EMAIL_UNVERIFIED_HERE);
        }
        UserSummary created = usernames.create(assertion, email);
        return identities.link(created.id(), assertion).<Outcome>map(linked -> new SignedIn(created, How.CREATED))
                .orElseGet(() -> refuse(assertion, created.id(), Refusal.LINKED_ELSEWHERE));
    }

    /** Links the provider account to a signed-in user who asked for it in settings. */
    Outcome link(long userId, ProviderAssertion assertion) {
        if (users.find(userId).isEmpty()) {
            return refuse(assertion, null, Refusal.LINK_EXPIRED); // the account was deleted meanwhile
        }
        Optional<Identities.Identity> known = identities.find(assertion.issuer(), assertion.subject());
        if (known.isPresent()) {
            return known.get().userId() == userId ? new SignedIn(users.get(userId), How.LINKED_BEFORE)
                    : refuse(assertion, userId, Refusal.LINKED_ELSEWHERE);
        }
        if (identities.hasLinked(userId, assertion.registrationId())) {
            return refuse(assertion, userId, Refusal.PROVIDER_ALREADY_LINKED);
        }
        return identities.link(userId, assertion).<Outcome>map(linked -> new SignedIn(users.get(userId), How.LINKED_NOW))
                .orElseGet(() -> refuse(assertion, userId, Refusal.LINKED_ELSEWHERE));
    }

    Refused refuse(ProviderAssertion assertion, @org.jspecify.annotations.Nullable Long userId, Refusal refusal) {
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PROVIDER_SIGN_IN_REFUSED,
                userId == null ? "unknown" : userId, "provider", assertion.registrationId(), "reason", refusal.code()));
        return new Refused(refusal);
    }
}
