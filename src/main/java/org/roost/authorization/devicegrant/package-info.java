/**
 * The device authorization grant (RFC 8628, for TVs and command-line tools): Spring's endpoints enabled and
 * advertised, public device clients, the polling pace ({@code slow_down}), and the page at the verification URI
 * where a signed-in person enters the code and allows or denies.
 */
@ApplicationModule(displayName = "Authorization server: devicegrant",
        allowedDependencies = { "authorization :: server", "authorization.signin", "identity :: user", "platform :: shared", "platform :: web" })
@NullMarked
package org.roost.authorization.devicegrant;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
