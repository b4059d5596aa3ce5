/**
 * Public reading: whether a visitor with no credential at all may read profiles and posts ({@code roost.public-reading},
 * docs/security.md "Public reading"), and the caller such a visitor reads as.
 */
@NamedInterface("publicreading")
@NullMarked
package org.roost.gateway.publicreading;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
