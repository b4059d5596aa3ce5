package org.roost.graphql;

import graphql.schema.DataFetchingEnvironment;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.springframework.core.MethodParameter;
import org.springframework.graphql.data.method.HandlerMethodArgumentResolver;
import org.springframework.stereotype.Component;

/**
 * Gives GraphQL controllers a {@link Caller} parameter, as REST controllers have, whatever the
 * transport. A field that needs one answers {@code UNAUTHENTICATED} when the operation has none,
 * so the rest of the response (other fields, {@code __typename}) still comes back.
 */
@Component
class GraphQlCallerResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return Caller.class.isAssignableFrom(parameter.getParameterType());
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, DataFetchingEnvironment environment) {
        Caller caller = environment.getGraphQlContext().get(ContextKeys.CALLER);
        if (caller == null) {
            throw new ApiException(ErrorCode.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED.defaultMessage());
        }
        return caller;
    }
}
