/**
 * The timeline settings in force ({@link org.roost.social.post.settings.TimelineSettings}): read by the post feature's
 * writes and by the background half of hybrid timelines (social.timelines).
 */
@NamedInterface("settings")
@NullMarked
package org.roost.social.post.settings;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
