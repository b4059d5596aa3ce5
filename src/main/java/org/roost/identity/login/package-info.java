/**
 * Password sign-in and its protection: the one password check behind every sign-in
 * ({@link PasswordLogins}: session, token and the authorization server's form), counted per
 * (username, address), username, address and OAuth client id, with back-off instead of lockout
 * (docs/api.md, "Login protection"). Public: {@link PasswordLogins} and the JSON body {@link LoginRequest}.
 */
@NamedInterface("login")
@NullMarked
package org.roost.identity.login;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
