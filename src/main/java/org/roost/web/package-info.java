@NullMarked
package org.roost.web;

import org.jspecify.annotations.NullMarked;
