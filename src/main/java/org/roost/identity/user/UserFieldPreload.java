package org.roost.identity.user;

import java.util.Map;
import java.util.Optional;

import org.roost.platform.shared.Preloaded;

/**
 * A field of {@code User} that another module loads in the same statement as the user, when {@code user(id)} asks for
 * it: {@code user(id) { name posts { title } }} is then one statement instead of two (docs/performance.md, "Sixth
 * round"). The module that owns the field implements this; {@code user(id)} only asks it, so this module knows no
 * other's fields.
 */
public interface UserFieldPreload {

    /** The field of {@code User} this loads, as the schema names it. */
    String field();

    /** Whether the field, selected with these arguments (as coerced by GraphQL), is one this loads with the user. */
    boolean preloads(Map<String, Object> arguments);

    /**
     * The user, and the field's value for these arguments as {@link Preloaded} with the user as its source; empty
     * when there is no such user.
     */
    Optional<Preloaded> load(long userId, Map<String, Object> arguments);
}
