package org.roost.graphql;

import java.util.List;

import graphql.GraphQLError;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.graphql.execution.SubscriptionExceptionResolverAdapter;
import org.springframework.stereotype.Component;

/** A subscription stream that fails ends with one error of the contract's shape, never with internals. */
@Component
class SubscriptionErrorResolver extends SubscriptionExceptionResolverAdapter {

    private static final Logger log = LoggerFactory.getLogger(SubscriptionErrorResolver.class);

    @Override
    protected GraphQLError resolveToSingleError(Throwable ex) {
        if (ex instanceof ApiException api) {
            return GraphQlErrors.builder(api.code(), api.getMessage(), api.details()).build();
        }
        log.error("A subscription stream failed", ex);
        return GraphQlErrors.builder(ErrorCode.INTERNAL_ERROR, null, List.of()).build();
    }
}
