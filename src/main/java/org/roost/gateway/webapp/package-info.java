/** The browser app at {@code /}: its HTML routes and their security headers (the app itself is static files). */
@ApplicationModule(displayName = "Gateway: webapp",
        allowedDependencies = { "platform :: web" })
@NullMarked
package org.roost.gateway.webapp;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
