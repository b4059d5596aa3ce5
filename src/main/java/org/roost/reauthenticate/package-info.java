/**
 * Re-authenticating a signed-in session in place ({@code POST /api/v1/session/reauthenticate}), for a sensitive change
 * that stepup.Reauthentication refused with {@code REAUTHENTICATION_REQUIRED} (docs/api.md, "Re-authentication").
 */
@NullMarked
package org.roost.reauthenticate;

import org.jspecify.annotations.NullMarked;
