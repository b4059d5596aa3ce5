@NamedInterface("web")
@NullMarked
package org.roost.platform.web;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
