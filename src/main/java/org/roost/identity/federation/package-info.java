/**
 * Signing in with another OpenID Connect provider, configured with Spring Boot's standard
 * {@code spring.security.oauth2.client.registration.*} and {@code provider.*} properties (none by default: then no
 * provider is offered). Owns the links between provider accounts and Roost accounts, the rule that decides which
 * account a provider's sign-in opens (docs/federation.md), the list and removal of links under {@code /api/v1}, and
 * the client's filter chain ({@code /oauth2/authorization/{id}}, {@code /login/oauth2/code/{id}}). Uses the
 * session package to start a web app session and the sign-in package to sign in on the authorization server's page.
 */
@NamedInterface("federation")
@NullMarked
package org.roost.identity.federation;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
