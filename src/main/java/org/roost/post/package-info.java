@NullMarked
package org.roost.post;

import org.jspecify.annotations.NullMarked;
