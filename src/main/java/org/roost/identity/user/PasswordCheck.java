package org.roost.identity.user;

import java.util.Locale;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * The password check behind every sign-in, deliberately outside any transactional proxy: a scope without a
 * transaction (Spring's NOT_SUPPORTED or SUPPORTS) still keeps the connection of its first statement bound to
 * the thread until the scope ends, so a login waiting its turn at the bounded hashing pool held a pool
 * connection meanwhile, and a login flood took the whole pool from every other request (authenticated reads
 * answered 503, bench/login-flood.sh). Here each statement returns its connection at once.
 */
@Component
public class PasswordCheck {

    private final UserRepository users;
    private final PasswordEncoder passwords;
    /** Compared against when the username is unknown, so that case costs what a wrong password costs. */
    private volatile @Nullable String decoyHash;

    PasswordCheck(UserRepository users, PasswordEncoder passwords) {
        this.users = users;
        this.passwords = passwords;
    }

    /** The user whose password this is; unknown user and wrong password cost the same and look the same. */
    public Optional<UserSummary> authenticate(String username, String password) {
        Optional<UserRepository.Credentials> credentials = users.findCredentials(username.strip().toLowerCase(Locale.ROOT));
        // An account without a password (signed up with another provider) answers like an unknown user.
        boolean matches = passwords.matches(password, credentials.map(UserRepository.Credentials::passwordHash).filter(java.util.Objects::nonNull).orElseGet(this::decoyHash));
        return credentials.filter(c -> matches).flatMap(c -> users.find(c.id()));
    }

    /** Made on first use, not at start-up: a loaded start-up may find the bounded hashing pool full. */
    private String decoyHash() {
        String decoy = decoyHash;
        if (decoy == null) {
            decoy = passwords.encode("decoy-password-never-matches");
            decoyHash = decoy;
        }
        return decoy;
    }
}
