/**
 * Step-up for sensitive changes: the one check ({@link Reauthentication}) that every such change calls, whatever door
 * it came through, asking for a sign-in within {@code roost.security.reauthentication-window} (docs/api.md,
 * "Re-authentication"). Depends on no feature, so that every feature may call it. Public: {@link Reauthentication},
 * and {@link SignInRecord}, which a session's principal implements.
 */
@NamedInterface("stepup")
@NullMarked
package org.roost.platform.stepup;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
