package org.roost.gateway.webapp;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roost.support.IntegrationTest;
import org.roost.support.BrowserScripts;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web app in Debian's Chromium, driven by playwright-core from src/test/e2e (support.BrowserScripts) against this service on a random
 * port. It writes its screenshots to target/screenshots, never into the checkout: the committed images in
 * docs/screenshots are refreshed from there by hand (docs/webapp.md, "Screenshots"). Without node or chromium the
 * test is skipped locally, visibly, and fails in CI.
 */
@IntegrationTest
@Timeout(value = 10, unit = TimeUnit.MINUTES) // a browser script may take minutes; BrowserScripts.LIMIT is 8
class WebAppEndToEndTest {

    @LocalServerPort
    int port;

    @Test
    void signsUpPostsFollowsSeesLivePostsUploadsAnAvatarAndSignsOutAccessibly() throws Exception {
        // when
        BrowserScripts.runPassing("e2e.mjs", port);

        // then
        assertThat(BrowserScripts.SCREENSHOTS.resolve("home-desktop.png")).as("screenshots under target/").isRegularFile();
    }

    @Test
    void findsAndFollowsPeopleFromListsShowsAvatarsAndAnHtmlNotFoundPage() throws Exception {
        // when
        BrowserScripts.runPassing("people.mjs", port);

        // then
        assertThat(BrowserScripts.SCREENSHOTS.resolve("people-desktop.png")).as("screenshots under target/").isRegularFile();
    }

    @Test
    void likesAndUnlikesPostsAndShowsVisitorsTheLandingPageProfilesAndPostsReadOnly() throws Exception {
        // when
        BrowserScripts.runPassing("likes.mjs", port);

        // then
        assertThat(BrowserScripts.SCREENSHOTS.resolve("landing-desktop.png")).as("screenshots under target/").isRegularFile();
        assertThat(BrowserScripts.SCREENSHOTS.resolve("likes-desktop.png")).as("screenshots under target/").isRegularFile();
    }

    @Test
    void repliesReadsTheThreadLinksMentionsAndCountsANotificationLive() throws Exception {
        // when
        BrowserScripts.runPassing("social.mjs", port);

        // then
        assertThat(BrowserScripts.SCREENSHOTS.resolve("thread-desktop.png")).as("screenshots under target/").isRegularFile();
        assertThat(BrowserScripts.SCREENSHOTS.resolve("notifications-desktop.png")).as("screenshots under target/").isRegularFile();
    }

    @Test
    void registersAnAppInTheDeveloperConsoleAndRemovesItsAccessFromSettings() throws Exception {
        // when
        BrowserScripts.runPassing("console.mjs", port);

        // then
        assertThat(BrowserScripts.SCREENSHOTS.resolve("console-desktop.png")).as("screenshots under target/").isRegularFile();
        assertThat(BrowserScripts.SCREENSHOTS.resolve("connected-apps-phone.png")).as("screenshots under target/").isRegularFile();
    }
}
