package org.roost.platform.connections;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/**
 * The embedded service with connection limits low enough to meet in a test: one context for every connection test
 * (docs/testing.md, "Shared configurations"). A header deadline and a body grace of a second, heartbeats every
 * 300 ms (SlowClientsTest, LongStreamsTest, BadContentLengthTest); three connections per address, with 127.0.0.1
 * exempt as a proxy would be, so that only PerAddressLimitTest, which connects from 127.0.0.2, meets that limit;
 * Tomcat's connection-timeout long enough (20 s) that only the sweeper closes sockets within a test's waits (the
 * slow-client tests check that their cuts come before the 5 s default anyway).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "roost.connections.header-deadline=1s", "roost.connections.body-grace=1s",
                "roost.live.sse-heartbeat=300ms", "roost.connections.per-address=3",
                "roost.connections.proxies=127\\.0\\.0\\.1", "server.tomcat.connection-timeout=20s" })
@ActiveProfiles({ "test", "h2" })
@interface ShortConnectionLimits {
}
