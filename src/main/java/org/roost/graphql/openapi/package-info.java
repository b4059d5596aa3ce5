/** The GraphQL endpoint described in the OpenAPI document beside the REST operations. */
@NullMarked
package org.roost.graphql.openapi;

import org.jspecify.annotations.NullMarked;
