/**
 * My devices: every session sign-in and every first-party token sign-in of a user, with the device (its
 * User-Agent), address, start and last use, so the user can see where they are signed in and sign out one of them or
 * all but the current one, on every instance (docs/api.md, "My devices"). Public: {@link Devices}, which the sign-in
 * features tell of new sign-ins and uses, and {@link DeviceEvents}, which they act on.
 */
@NamedInterface("devices")
@NullMarked
package org.roost.identity.devices;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
