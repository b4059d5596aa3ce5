/**
 * Every request the service makes to a URL that a client supplied (a back-channel logout URI, a {@code jwks_uri}):
 * one guard that refuses internal addresses when the URL is registered and again, after DNS resolution, when the
 * connection is made, follows no redirects and gives up quickly.
 */
@NamedInterface("outbound")
@NullMarked
package org.roost.platform.outbound;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
