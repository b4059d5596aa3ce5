package org.roost.gateway.webapp;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.roost.RoostApplication;
import org.roost.support.BrowserScripts;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.awaitility.Awaitility.await;

/**
 * A real restart under an open home page: the embedded defaults (H2 in a file, so the account outlives the restart;
 * sessions in memory, so the session does not), one instance stopped and a new one started on the same port while
 * restart.mjs watches in Chromium. The page must end on the sign-in page saying why, and come back after signing in
 * (issue 33: it used to show "Reconnecting…" for good).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class RestartEndToEndTest {

    @Test
    void aRestartThatLosesTheSessionLeadsTheOpenHomePageToSignInAndBack(@TempDir Path dir) throws Exception {
        // given: the service on a port of its own, and a person on the home page with the live connection open
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String[] args = { "--server.port=" + port, "--roost.redis.enabled=false", "--spring.jmx.enabled=false",
                "--spring.datasource.url=jdbc:h2:file:" + dir.resolve("roost")
                        + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH" };
        Path signal = dir.resolve("signal");
        ConfigurableApplicationContext first = start(args);
        ConfigurableApplicationContext second = null;
        try (BrowserScripts.Running script = BrowserScripts.start("restart.mjs", port, signal.toString())) {
            await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200))
                    .until(() -> Files.exists(signal) && Files.readString(signal).contains("live"));

            // when: the service restarts
            first.close();
            second = start(args);

            // then: the script's checks (the sign-in page with its sentence, then home again) pass
            script.finishPassing();
        }
        finally {
            first.close();
            if (second != null) {
                second.close();
            }
        }
    }

    private static ConfigurableApplicationContext start(String... args) {
        return new SpringApplicationBuilder(RoostApplication.class).profiles("test", "h2").run(args);
    }
}
