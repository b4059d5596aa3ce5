/**
 * The one public origin of every absolute URL the service writes ({@link org.roost.platform.origin.PublicOrigin}),
 * and the filter that refuses a request naming any other host before a handler sees it.
 */
@NamedInterface("origin")
@NullMarked
package org.roost.platform.origin;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
