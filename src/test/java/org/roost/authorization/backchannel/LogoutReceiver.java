package org.roost.authorization.backchannel;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

/**
 * A client's back-channel logout endpoint, for real: an HTTP server on a loopback port that takes the form POST,
 * keeps each logout token, and answers 200, or 500 to the first {@code failures} requests.
 */
final class LogoutReceiver implements AutoCloseable {

    private final HttpServer server;
    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
    private final AtomicInteger failuresLeft;

    LogoutReceiver(int failures) throws IOException {
        this.failuresLeft = new AtomicInteger(failures);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/logout", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            String token = null;
            for (String pair : body.split("&")) {
                if (pair.startsWith("logout_token=")) {
                    token = URLDecoder.decode(pair.substring("logout_token=".length()), StandardCharsets.UTF_8);
                }
            }
            boolean fail = failuresLeft.getAndDecrement() > 0;
            boolean wellFormed = "POST".equals(exchange.getRequestMethod()) && token != null
                    && contentType != null && contentType.startsWith("application/x-www-form-urlencoded");
            if (wellFormed) {
                received.add(token);
            }
            exchange.sendResponseHeaders(fail || !wellFormed ? (fail ? 500 : 400) : 200, -1);
            exchange.close();
        });
        server.start();
    }

    String uri() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/logout";
    }

    /** The next logout token that arrived (a failed attempt's too), waiting up to {@code wait}. */
    String next(Duration wait) throws InterruptedException {
        String token = received.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (token == null) {
            throw new AssertionError("no logout token arrived within " + wait);
        }
        return token;
    }

    /**
     * Whatever arrives within {@code wait}, for checking that nothing more does. A plain sleep, knowingly: a duplicate
     * would come on the server's retry schedule, not before some other delivery, so no later event marks "none came";
     * only waiting past a retry interval does.
     */
    List<String> more(Duration wait) throws InterruptedException {
        Thread.sleep(wait.toMillis());
        List<String> rest = new ArrayList<>();
        received.drainTo(rest);
        return rest;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
