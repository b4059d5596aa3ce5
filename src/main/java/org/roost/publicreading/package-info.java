/**
 * Public reading: whether a visitor with no credential at all may read profiles and posts ({@code roost.public-reading},
 * docs/security.md "Public reading"), and the caller such a visitor reads as.
 */
@NullMarked
package org.roost.publicreading;

import org.jspecify.annotations.NullMarked;
