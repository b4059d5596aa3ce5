@NullMarked
package org.roost.user;

import org.jspecify.annotations.NullMarked;
