package org.roost.platform.outbound;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.web.client.ResourceAccessException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The guard of every request to a client-supplied URL, against a real local server: internal addresses refused at
 * registration and again at connect time (a name that now resolves to loopback, as DNS rebinding makes it), no
 * redirect followed, the allowed hosts let through.
 */
class OutboundRequestsTest {

    private HttpServer server;
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            hits.computeIfAbsent(exchange.getRequestURI().getPath(), path -> new AtomicInteger()).incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestURI().getPath().equals("/moved")) {
                exchange.getResponseHeaders().add("Location", "/elsewhere");
                exchange.sendResponseHeaders(302, -1);
            }
            else {
                exchange.sendResponseHeaders(200, -1);
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /** A resolver where {@code rebound.example} and {@code allowed.example} are this machine, as rebinding makes it. */
    private static OutboundRequests guard(String... allowedHosts) {
        return new OutboundRequests(new OutboundProperties(List.of(allowedHosts), Duration.ofSeconds(2), Duration.ofSeconds(2)),
                host -> switch (host) {
                    case "rebound.example", "allowed.example" -> new InetAddress[] { InetAddress.getByName("127.0.0.1") };
                    case "public.example" -> new InetAddress[] { InetAddress.getByName("93.184.216.34") };
                    case "unknown.example" -> throw new UnknownHostException(host);
                    default -> InetAddress.getAllByName(host);
                });
    }

    private int post(OutboundRequests guard, String host, String path) {
        return guard.client().post().uri(URI.create("http://" + host + ":" + server.getAddress().getPort() + path))
                .body("x").exchange((request, response) -> response.getStatusCode().value());
    }

    private int hits(String path) {
        return hits.getOrDefault(path, new AtomicInteger()).get();
    }

    @Test
    void refusesAtConnectANameThatNowResolvesToLoopback() throws Exception {
        // given
        OutboundRequests guard = guard("allowed.example");

        // when
        var refused = assertThatThrownBy(() -> post(guard, "rebound.example", "/rebound"));
        var literal = assertThatThrownBy(() -> post(guard, "127.0.0.1", "/literal"));
        int allowed = post(guard, "allowed.example", "/allowed");

        // then the allowed request arrived, and neither refused one did
        refused.isInstanceOf(ResourceAccessException.class).cause().isInstanceOf(RefusedAddressException.class)
                .hasMessageContaining("loopback");
        literal.isInstanceOf(ResourceAccessException.class).cause().isInstanceOf(RefusedAddressException.class);
        assertThat(allowed).isEqualTo(200);
        assertThat(hits("/allowed")).isEqualTo(1);
        assertThat(hits("/rebound")).isZero();
        assertThat(hits("/literal")).isZero();
        guard.destroy();
    }

    @Test
    void followsNoRedirect() throws Exception {
        // given
        OutboundRequests guard = guard("allowed.example");

        // when
        int status = post(guard, "allowed.example", "/moved");

        // then
        assertThat(status).isEqualTo(302);
        assertThat(hits("/moved")).isEqualTo(1);
        assertThat(hits("/elsewhere")).isZero();
        guard.destroy();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void reachesConfiguredHostsWithoutTheAddressRulesButWithTheTimeoutsAndNoRedirect() throws Exception {
        // given no allowed host, a read timeout of 300 ms, and a server that takes connections and never answers
        OutboundRequests guard = new OutboundRequests(new OutboundProperties(List.of(), Duration.ofSeconds(2),
                Duration.ofMillis(300)), host -> new InetAddress[] { InetAddress.getByName("127.0.0.1") });
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = server.getAddress().getPort();

            // when the operator's URLs are requested on the configured hosts' client
            int reached = guard.configuredHostClient().build().post().uri(URI.create("http://rebound.example:" + port + "/ours"))
                    .body("x").exchange((request, response) -> response.getStatusCode().value());
            int moved = guard.configuredHostRestTemplate().postForEntity(URI.create("http://rebound.example:" + port
                    + "/moved"), "x", String.class).getStatusCode().value();
            var hung = assertThatThrownBy(() -> guard.configuredHostRestTemplate()
                    .getForEntity(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/token"), String.class));

            // then loopback is reached (the operator's own network), no redirect is followed, and a host that never
            // answers fails after the read timeout instead of holding the caller
            assertThat(reached).isEqualTo(200);
            assertThat(hits("/ours")).isEqualTo(1);
            assertThat(moved).isEqualTo(302);
            assertThat(hits("/elsewhere")).isZero();
            hung.isInstanceOf(ResourceAccessException.class).cause().isInstanceOf(SocketTimeoutException.class);
        }
        finally {
            guard.destroy();
        }
    }

    @Test
    void refusesInternalAddressesAtRegistration() throws Exception {
        // given
        OutboundRequests guard = guard("127.0.0.1");

        for (String uri : new String[] { "https://127.0.0.2/x", "https://localhost/x", "https://[::1]/x",
                "https://169.254.169.254/latest/meta-data", "https://[fd00:ec2::254]/x", "https://10.1.2.3/x",
                "https://172.16.0.1/x", "https://192.168.1.1/x", "https://100.100.100.200/x", "https://0.0.0.0/x",
                "https://[::]/x", "https://[::ffff:127.0.0.1]/x", "https://[fe80::1]/x", "https://224.0.0.1/x",
                "https://rebound.example/jwks", "ftp://public.example/x", "https:///x" }) {
            // then
            assertThat(guard.problem(uri)).as(uri).isPresent();
        }
        for (String uri : new String[] { "https://public.example/logout", "https://93.184.216.34/x",
                "http://127.0.0.1:9/logout", "https://unknown.example/x" }) {
            assertThat(guard.problem(uri)).as(uri).isEmpty();
        }
        guard.destroy();
    }
}
