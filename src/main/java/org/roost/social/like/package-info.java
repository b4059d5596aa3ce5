/** Likes: who liked which post, the count kept on each post, over REST and GraphQL. */
@NullMarked
package org.roost.social.like;

import org.jspecify.annotations.NullMarked;
