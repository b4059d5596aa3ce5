/**
 * Step-up for sensitive changes: one check ({@link Reauthentication}) that every such change calls, whatever door
 * it came through, asking for a sign-in within {@code roost.security.reauthentication-window}; the endpoint that
 * re-authenticates a session in place; and the notice mailed to the owner after each such change (docs/api.md,
 * "Re-authentication"). Public: {@link Reauthentication}.
 */
@NullMarked
package org.roost.stepup;

import org.jspecify.annotations.NullMarked;
