package org.roost.platform.liveness;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.web.FilterOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The first step of shutdown (SIGTERM closes the context): readiness turns to refusing, and for
 * {@code roost.shutdown.drain} the instance still serves whatever arrives, each answer with
 * {@code Connection: close} so that a balancer's kept-alive connections end cleanly after an answer
 * rather than being cut while idle. Then open streams are ended (see the GraphQL transports) and
 * Spring Boot's graceful shutdown lets in-flight requests finish, bounded by
 * {@code spring.lifecycle.timeout-per-shutdown-phase}. Context-closed listeners run before any
 * lifecycle stops, so Redis, the database and the web server are all still up while draining.
 */
@Component
@Order(FilterOrder.SHUTDOWN_DRAIN)
class ShutdownDrain extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(ShutdownDrain.class);

    private final ApplicationContext context;
    private final ShutdownProperties properties;
    private volatile boolean draining;

    ShutdownDrain(ApplicationContext context, ShutdownProperties properties) {
        this.context = context;
        this.properties = properties;
    }

    @EventListener
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void drain(ContextClosedEvent closed) throws InterruptedException {
        if (closed.getApplicationContext() != context) {
            return;
        }
        AvailabilityChangeEvent.publish(context, ReadinessState.REFUSING_TRAFFIC);
        draining = true;
        log.info("Shutting down: readiness refuses traffic; serving for {} more", properties.drain());
        Thread.sleep(properties.drain());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (draining) {
            response.setHeader(HttpHeaders.CONNECTION, "close");
        }
        chain.doFilter(request, response);
    }
}
