/**
 * How a request finds its controller method: Spring MVC's own lookup, told beforehand which mappings cannot match
 * the request's path at all.
 */
@NullMarked
package org.roost.platform.web.routing;

import org.jspecify.annotations.NullMarked;
