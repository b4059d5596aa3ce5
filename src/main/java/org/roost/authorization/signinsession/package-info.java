/**
 * The browser session of the authorization server's sign-in pages: its cookie, its registry shared across instances,
 * and the helpers the pages (password, second step, passkey, external provider) use to record a sign-in in it.
 */
@NamedInterface("signinsession")
@NullMarked
package org.roost.authorization.signinsession;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
