/**
 * The authorization server's HTML pages as a person sees them: the sign-in form and the consent form (and the
 * consent form's values, which the device page shares with them). Their markup is in {@code templates/}, framed
 * by {@code web.HtmlPages}. The protocol endpoints and the sign-in session these pages share with them stay in
 * {@code authserver}.
 */
@NullMarked
package org.roost.authorization.signin;

import org.jspecify.annotations.NullMarked;
