@NullMarked
package org.roost;

import org.jspecify.annotations.NullMarked;
