@NullMarked
package org.roost.social.post;

import org.jspecify.annotations.NullMarked;
