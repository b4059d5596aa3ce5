/**
 * The jar's Spring AOT mode ({@code mvn -Paot}, run with {@code -Dspring.aot.enabled=true}): a start-up check that
 * the settings which choose beans agree with the ones the build decided them with.
 */
@NullMarked
package org.roost.aot;

import org.jspecify.annotations.NullMarked;
