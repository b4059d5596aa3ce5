/** The GraphQL endpoint described in the OpenAPI document beside the REST operations. */
@ApplicationModule(displayName = "GraphQL: openapi",
        allowedDependencies = { "graphql" })
@NullMarked
package org.roost.graphql.openapi;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
