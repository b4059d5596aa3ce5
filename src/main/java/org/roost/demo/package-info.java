@NullMarked
package org.roost.demo;

import org.jspecify.annotations.NullMarked;
