/** The browser app at {@code /}: its HTML routes and their security headers (the app itself is static files). */
@NullMarked
package org.roost.gateway.webapp;

import org.jspecify.annotations.NullMarked;
