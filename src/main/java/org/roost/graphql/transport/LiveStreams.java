package org.roost.graphql.transport;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The open subscription streams of this instance, so that shutdown can end them properly: Server-Sent
 * Events streams get {@code complete}, WebSockets close with 1001 (going away). Runs when the context
 * closes, after the drain period (which is ordered first) and before the web server's graceful
 * shutdown waits for in-flight requests, so open streams do not hold that wait up.
 */
@Component
class LiveStreams {

    private static final Logger log = LoggerFactory.getLogger(LiveStreams.class);

    private final ApplicationContext context;
    private final Sinks.Empty<Void> ending = Sinks.empty();
    private final Set<WebSocketSession> webSockets = ConcurrentHashMap.newKeySet();
    /** SSE writes block while a client is slow; each stream writes on a virtual thread of its own. */
    private final Scheduler writers = Schedulers.fromExecutorService(
            Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("sse-writer-", 0).factory()), "sse-writers");

    LiveStreams(ApplicationContext context) {
        this.context = context;
    }

    Mono<Void> ending() {
        return ending.asMono();
    }

    Scheduler writers() {
        return writers;
    }

    void opened(WebSocketSession session) {
        webSockets.add(session);
    }

    void closed(WebSocketSession session) {
        webSockets.remove(session);
    }

    @EventListener
    @Order(Ordered.LOWEST_PRECEDENCE)
    void end(ContextClosedEvent closed) {
        if (closed.getApplicationContext() != context) {
            return;
        }
        log.info("Ending {} WebSocket(s) with 1001 and every event stream with 'complete'", webSockets.size());
        ending.tryEmitEmpty();
        for (WebSocketSession session : webSockets) {
            try {
                session.close(CloseStatus.GOING_AWAY);
            }
            catch (IOException | RuntimeException gone) {
                log.debug("A WebSocket was gone before it could be closed: {}", gone.toString());
            }
        }
    }
}
