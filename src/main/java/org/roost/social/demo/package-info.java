@NullMarked
package org.roost.social.demo;

import org.jspecify.annotations.NullMarked;
