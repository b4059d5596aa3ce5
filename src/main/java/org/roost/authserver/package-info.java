/**
 * The OAuth 2.0 / OpenID Connect authorization server (Spring Security's): its protocol endpoints,
 * the HTML sign-in and consent pages, the registered clients, and the signing keys that every token
 * of the service, first-party or OAuth, is signed with.
 */
@NullMarked
package org.roost.authserver;

import org.jspecify.annotations.NullMarked;
