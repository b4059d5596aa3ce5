/**
 * Token exchange (RFC 8693): a client allowed the grant trades a person's access token, OAuth or first-party
 * ({@code /auth/token}), for one with fewer scopes or another audience that names the acting client in {@code act}.
 */
@NullMarked
package org.roost.authorization.tokenexchange;

import org.jspecify.annotations.NullMarked;
