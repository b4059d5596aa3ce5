@NamedInterface("user")
@NullMarked
package org.roost.identity.user;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
