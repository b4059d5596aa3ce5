package org.roost.graphql;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.graphql.data.method.HandlerMethod;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.support.AnnotatedControllerConfigurer;
import org.springframework.stereotype.Component;

/**
 * A query's or mutation's root field runs on the thread that brought the operation (the request's, or the
 * socket's), not handed to a virtual thread of its own. With virtual threads on, Spring for GraphQL hands every
 * blocking controller method to its executor; the HTTP endpoint then only waits for it, so the hand-over bought
 * nothing and cost a thread, a future and a context restore per operation (docs/performance.md). Controller
 * methods of object types ({@code User.email}...) keep the hand-over: they also run for a subscription's events,
 * on the thread that delivers them to every subscriber, which must not wait for JDBC.
 */
@Component
class InlineRootFields implements BeanPostProcessor {

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        if (bean instanceof AnnotatedControllerConfigurer controllers) {
            controllers.setBlockingMethodPredicate(InlineRootFields::handedOver);
        }
        return bean;
    }

    /** Spring's own rule (a method that returns no reactive type blocks), less the root fields of queries and mutations. */
    static boolean handedOver(HandlerMethod method) {
        if (method.hasMethodAnnotation(QueryMapping.class) || method.hasMethodAnnotation(MutationMapping.class)) {
            return false;
        }
        return ReactiveAdapterRegistry.getSharedInstance().getAdapter(method.getReturnType().getParameterType()) == null;
    }
}
