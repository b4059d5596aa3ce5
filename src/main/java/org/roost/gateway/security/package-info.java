/**
 * The web security layer: the filter chains of the API and of everything else, CSRF, the header
 * firewall, security errors in the API's JSON shape, the OpenAPI security schemes, and what the
 * credential of a request amounts to ({@link Callers}) and whether it still holds
 * ({@link LiveCredentials}). It assembles the session, token, revocation and limits modules; none of
 * them depends on it.
 */
@NamedInterface("security")
@NullMarked
package org.roost.gateway.security;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
