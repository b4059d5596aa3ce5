@NullMarked
package org.roost.social.follow;

import org.jspecify.annotations.NullMarked;
