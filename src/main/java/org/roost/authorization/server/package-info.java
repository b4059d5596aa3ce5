/**
 * The OAuth 2.0 / OpenID Connect authorization server (Spring Security's): its protocol endpoints, the
 * registered clients, the claims of its tokens, and the sign-in session that its endpoints share with the pages
 * of {@code signin}.
 */
@NamedInterface("server")
@NullMarked
package org.roost.authorization.server;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
