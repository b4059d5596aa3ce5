@NullMarked
package org.roost.shared;

import org.jspecify.annotations.NullMarked;
