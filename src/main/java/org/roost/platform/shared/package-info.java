@NamedInterface("shared")
@NullMarked
package org.roost.platform.shared;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
