@NullMarked
package org.roost.follow;

import org.jspecify.annotations.NullMarked;
