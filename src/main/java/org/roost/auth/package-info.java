@NullMarked
package org.roost.auth;

import org.jspecify.annotations.NullMarked;
