package org.roost.identity.user;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.roost.platform.shared.ApiException;
import org.roost.platform.stepup.Reauthentication;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.Page;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Scopes;
import org.roost.platform.shared.SecurityEvent;
import org.roost.platform.shared.TextRules;
import org.roost.platform.shared.Timestamps;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/** The rules about users, the same whichever API a request came through. */
@Service
// Reads run without a transaction of their own (autocommit): one round trip per statement instead of
// BEGIN ... COMMIT around it. A read of several statements therefore sees each at its own moment, which
// no answer here depends on (docs/performance.md); writes declare their transactions.
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
public class UserService {

    private final UserRepository users;
    private final PasswordEncoder passwords;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final CurrentPasswordThrottle currentPasswords;
    private final Reauthentication reauthentication;
    private final TransactionTemplate transaction;

    UserService(UserRepository users, PasswordEncoder passwords, ApplicationEventPublisher events, Clock clock,
            CurrentPasswordThrottle currentPasswords, Reauthentication reauthentication, TransactionTemplate transaction) {
        this.reauthentication = reauthentication;
        this.transaction = transaction;
        this.currentPasswords = currentPasswords;
        this.users = users;
        this.passwords = passwords;
        this.events = events;
        this.clock = clock;
    }

    /** Hashes before, not inside, a transaction: a queued hash must not hold a database connection. */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public UserSummary signUp(UserCommands.SignUp command) {
        String name = displayName(command.name());
        String email = command.email() == null ? null : emailAddress(command.email());
        String hash = passwords.encode(command.password());
        try {
            String username = normalize(command.username());
            long id = users.insert(username, name, hash, email, Timestamps.truncate(clock.instant()));
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.SIGNED_UP, id));
            if (email != null) {
                events.publishEvent(new UserEvents.EmailChanged(id, username, email, null));
            }
            return get(id);
        }
        catch (DuplicateKeyException ex) {
            throw ApiException.conflict("The username is already taken.");
        }
    }

    /**
     * An account without a password, for someone who proved who they are and their address with another provider
     * (federation). Empty when the username is taken (or, in a race, the address was just proven by another account).
     */
    @Transactional(propagation = Propagation.NOT_SUPPORTED) // autocommit: a taken name fails one statement, not a transaction
    public Optional<UserSummary> signUpVerified(String username, String name, String verifiedEmail) {
        try {
            long id = users.insertVerified(normalize(username), displayName(name), emailAddress(verifiedEmail),
                    Timestamps.truncate(clock.instant()));
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.SIGNED_UP, id, "with", "provider"));
            return Optional.of(get(id));
        }
        catch (DuplicateKeyException taken) {
            return Optional.empty();
        }
    }

    /** False for an account made with another provider until its owner sets a password. */
    public boolean hasPassword(long id) {
        return users.hasPassword(id);
    }

    /** Whether an account gave this address (any case) without proving it: nobody may claim that account by it. */
    public boolean hasUnverifiedEmail(String email) {
        return users.hasUnverifiedEmail(email);
    }

    public UserSummary get(long id) {
        return find(id).orElseThrow(() -> ApiException.notFound("The user"));
    }

    public Optional<UserSummary> find(long id) {
        return users.find(id);
    }

    public Optional<UserSummary> findByUsername(String username) {
        return users.findByUsername(username);
    }

    /** The users with these usernames (for mentions); names of nobody are left out. One statement. */
    public List<UserSummary> findAllByUsername(Collection<String> usernames) {
        return users.findAllByUsername(usernames);
    }

    /** How many accounts there are (NodeInfo's user count). */
    public long count() {
        return users.count();
    }

    public void requireExists(long id) {
        if (!users.exists(id)) {
            throw ApiException.notFound("The user");
        }
    }

    public Page<UserSummary> page(PageRequest request) {
        return Page.fromOverfetch(users.page(request.afterId(), request.limit() + 1), request.limit(), UserSummary::id);
    }

    /** People search: the users whose username or name contains the text (ignoring case), a keyset page in id order. */
    public Page<UserSummary> search(String text, PageRequest request) {
        return Page.fromOverfetch(users.search(text, request.afterId(), request.limit() + 1), request.limit(), UserSummary::id);
    }

    /** The users with these ids, in the order given; ids of deleted users are skipped. */
    public List<UserSummary> findAll(Collection<Long> ids) {
        Map<Long, UserSummary> byId = users.findAll(ids).stream()
                .collect(Collectors.toMap(UserSummary::id, Function.identity()));
        return ids.stream().map(byId::get).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * Changes name, password or address. The current password is checked and a new one hashed before the transaction
     * that writes them, as in sign-up: an Argon2 hash takes tens of milliseconds of CPU, and a burst of password
     * changes holding pooled connections across them would take the pool from everyone.
     */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public UserSummary update(long id, Caller caller, UserCommands.UpdateUser command) {
        caller.requireOwner(id, Scopes.USERS_WRITE);
        UserSummary current = get(id);
        ContactEmail currentEmail = email(id);
        String newEmail = command.email() == null || command.email().isBlank() ? null : emailAddress(command.email());
        boolean changesEmail = command.email() != null && !java.util.Objects.equals(newEmail, currentEmail.email());
        // Either would hand the account to whoever holds a session for a moment: both need the password.
        if (command.password() != null || changesEmail) {
            String currentHash = users.findPasswordHash(id).orElse(null);
            if (currentHash == null) {
                throw ApiException.invalid("current_password",
                        "cannot be checked: the account has no password yet; set one with \"Forgot password?\"");
            }
            if (command.currentPassword() == null || !passwordMatches(id, command.currentPassword())) {
                throw ApiException.invalid("current_password", "must be the user's current password");
            }
        }
        String newHash = command.password() == null ? null : passwords.encode(command.password());
        String name = command.name() == null ? current.name() : displayName(command.name());
        return transaction.execute(status -> {
            users.update(id, name, newHash, Timestamps.truncate(clock.instant()));
            if (command.bio() != null) {
                users.updateBio(id, command.bio().isBlank() ? null : command.bio().strip(), Timestamps.truncate(clock.instant()));
            }
            if (newHash != null) {
                events.publishEvent(new UserEvents.CredentialsRevoked(id));
                events.publishEvent(new UserEvents.PasswordChanged(id));
                events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.PASSWORD_CHANGED, id));
            }
            if (changesEmail) {
                users.updateEmail(id, newEmail, Timestamps.truncate(clock.instant()));
                events.publishEvent(new UserEvents.EmailChanged(id, current.username(), newEmail,
                        currentEmail.verified() ? currentEmail.email() : null));
                events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.EMAIL_CHANGED, id));
            }
            return get(id);
        });
    }

    @Transactional
    public void delete(long id, Caller caller) {
        caller.requireOwner(id, Scopes.USERS_WRITE);
        reauthentication.require(caller);
        events.publishEvent(new UserEvents.UserDeleting(id));
        if (!users.delete(id)) {
            throw ApiException.notFound("The user");
        }
        events.publishEvent(new UserEvents.UserDeleted(id));
        events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.ACCOUNT_DELETED, id));
        events.publishEvent(new UserEvents.CredentialsRevoked(id));
    }

    /**
     * Whether the caller may read this user's email address: only the user themself, with a first-party credential
     * or a token granted the OpenID {@code email} scope.
     */
    public static boolean seesEmail(Caller caller, long userId) {
        return caller instanceof Caller.User user && user.id() == userId
                && (user.scopes().contains(Scopes.USERS_WRITE) || user.scopes().contains("email"));
    }

    /** A password hashed ahead of the transaction that stores it (see {@link #update}). */
    public static final class NewPassword {

        private final String hash;

        private NewPassword(String hash) {
            this.hash = hash;
        }
    }

    /** Hashes a new password; call it before, not inside, the transaction that stores it. */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public NewPassword hash(String password) {
        return new NewPassword(passwords.encode(password));
    }

    /**
     * Sets a new password without the current one, for a user who proved who they are another way (a reset link):
     * every session and token they held ends.
     */
    @Transactional
    public void resetPassword(long id, NewPassword password) {
        UserSummary current = get(id);
        users.update(id, current.name(), password.hash, Timestamps.truncate(clock.instant()));
        events.publishEvent(new UserEvents.CredentialsRevoked(id));
    }

    /**
     * Whether {@code password} is the user's current password, for changes confirmed with it and re-authentication:
     * throttled per account like a sign-in (counted before the hash), so a stolen session cannot guess its way to it.
     *
     * <p>Never inside a transaction ({@code NEVER}, which fails loudly if a caller holds one): an Argon2id hash must not
     * keep a pooled connection, and a refusal thrown here (the throttle's 429) would mark a caller's transaction
     * rollback-only, which then answered 500 ({@code UnexpectedRollbackException}) instead of the refusal (issue 47).
     * Check the password first, then open the transaction that makes the change.
     *
     * @throws ApiException {@code RATE_LIMITED} while the account's back-off runs
     */
    @Transactional(propagation = Propagation.NEVER)
    public boolean passwordMatches(long id, String password) {
        String username = get(id).username();
        currentPasswords.attempt(username);
        boolean matches = users.findPasswordHash(id).map(hash -> passwords.matches(password, hash)).orElse(false);
        if (matches) {
            currentPasswords.succeeded(username);
        }
        else {
            events.publishEvent(SecurityEvent.ofUser(SecurityEvent.Kind.LOGIN_FAILED, id, "check", "current_password"));
        }
        return matches;
    }

    /** The user with their address, for the user themself: one statement where {@link #get} and {@link #email} are two. */
    UserWithEmail getWithEmail(long id) {
        return users.findWithEmail(id).orElseThrow(() -> ApiException.notFound("The user"));
    }

    /** The user's address as only they may see it. */
    public ContactEmail email(long id) {
        return users.findEmail(id).orElse(ContactEmail.NONE);
    }

    /** The user whose proven address this is (any case). */
    public Optional<Long> findIdByVerifiedEmail(String email) {
        return users.findIdByVerifiedEmail(email);
    }

    /**
     * Records that the user proved {@code email}.
     *
     * @return false when the address is no longer the user's (changed since the proof was sent)
     * @throws ApiException {@code CONFLICT} when another account proved the same address first
     */
    @Transactional
    public boolean markEmailVerified(long id, String email) {
        try {
            return users.markEmailVerified(id, email, Timestamps.truncate(clock.instant()));
        }
        catch (DuplicateKeyException taken) {
            throw ApiException.conflict("This email address is already verified by another account.");
        }
    }

    /** Stored in NFC, so that names that look the same are the same (docs/api.md, "Input validation"). */
    private static String displayName(String name) {
        return TextRules.normalize(name.strip(), "name", 100);
    }

    private static String emailAddress(String email) {
        return TextRules.normalize(email.strip(), "email", 254);
    }

    private static String normalize(String username) {
        return username.strip().toLowerCase(java.util.Locale.ROOT);
    }
}
