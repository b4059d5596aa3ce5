/**
 * The fields of a user's posts and a post's author over GraphQL, as plain data fetchers that load a list's posts in
 * one statement, and a user's posts with the user: the work of the post module's fields that lists multiply.
 */
@NullMarked
package org.roost.social.post.fields;

import org.jspecify.annotations.NullMarked;
