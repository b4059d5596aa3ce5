/**
 * The OpenAPI document at {@code /v3/api-docs}: its description, the statuses, headers and error body every operation
 * answers, and the schemas made exactly as strict as the code (docs/api.md, "The OpenAPI document").
 */
@NamedInterface("openapi")
@NullMarked
package org.roost.platform.openapi;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
