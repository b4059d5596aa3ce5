/**
 * The jar's Spring AOT mode ({@code mvn -Paot}, run with {@code -Dspring.aot.enabled=true}): a start-up check that
 * the settings which choose beans agree with the ones the build decided them with.
 */
@ApplicationModule(displayName = "Platform: aot",
        allowedDependencies = {})
@NullMarked
package org.roost.platform.aot;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
