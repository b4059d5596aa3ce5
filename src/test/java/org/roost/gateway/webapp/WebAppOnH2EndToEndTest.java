package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.BrowserScripts;
import org.roost.support.ServerOnH2;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The social flows of the web app in Chromium on the embedded defaults (H2, sessions in memory, live events in
 * process), as {@link WebAppEndToEndTest} runs them on PostgreSQL and Redis: following from a list of 25 and a
 * password change that keeps the session (people.mjs), liking and the signed-out pages (likes.mjs), replies, the
 * thread, mention links and a notification arriving live with its count (social.mjs). It shares the
 * {@link ServerOnH2} service, so it adds no start-up of its own. Without axe: the same pages are checked on PostgreSQL,
 * and their accessibility does not depend on the database (axe is about a fifth of a script's time).
 */
@ServerOnH2
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class WebAppOnH2EndToEndTest {

    @LocalServerPort
    int port;

    @Test
    void followsFromAListOfTwentyFiveAndKeepsTheSessionThroughAPasswordChange() throws Exception {
        BrowserScripts.runPassingWithoutAxe("people.mjs", port);
    }

    @Test
    void likesAndUnlikesAndShowsVisitorsTheLandingPage() throws Exception {
        BrowserScripts.runPassingWithoutAxe("likes.mjs", port);
    }

    @Test
    void repliesReadsTheThreadLinksMentionsAndCountsANotificationLive() throws Exception {
        BrowserScripts.runPassingWithoutAxe("social.mjs", port);
    }
}
