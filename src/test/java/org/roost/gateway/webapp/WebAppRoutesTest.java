package org.roost.gateway.webapp;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class WebAppRoutesTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void servesTheAppToABrowserOnEveryClientRouteWithAStrictPolicy() {
        for (String path : new String[] { "/", "/login", "/signup", "/settings", "/apps", "/people", "/u/alice", "/u/alice/posts/42" }) {
            // when
            var result = mvc.get().uri(path).accept(MediaType.TEXT_HTML, MediaType.ALL).exchange();

            // then
            assertThat(result).as(path).hasStatus(200).hasForwardedUrl("/app/index.html");
            assertThat(result.getResponse().getHeader("Content-Security-Policy")).as(path)
                    .contains("script-src 'self';").contains("style-src 'self';").doesNotContain("unsafe-inline");
        }
    }

    @Test
    void keepsTheJsonAnswersForApiClients() {
        // when / then
        assertThat(mvc.get().uri("/login").accept(MediaType.APPLICATION_JSON).exchange()).hasStatus(401)
                .bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        assertThat(mvc.get().uri("/api/v1/feed").accept(MediaType.TEXT_HTML).exchange()).hasStatus(401);
        assertThat(mvc.get().uri("/no/such/page").accept(MediaType.APPLICATION_JSON).exchange()).hasStatus(404);
        assertThat(mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"nobody\",\"password\":\"wrong password here\"}").exchange()).hasStatus(401)
                .bodyJson().extractingPath("$.error.message").isNotNull();
    }

    @Test
    void answersABrowserThatNavigatesToAnUnknownAddressWithAnHtmlPage() {
        // when a browser opens an address nothing serves, and a JSON client and curl (Accept: */*) ask for it
        var browser = mvc.get().uri("/no/such/page").accept(MediaType.TEXT_HTML, MediaType.ALL).exchange();
        var json = mvc.get().uri("/no/such/page").accept(MediaType.APPLICATION_JSON).exchange();
        var curl = mvc.get().uri("/no/such/page").accept(MediaType.ALL).exchange();
        var script = mvc.get().uri("/app/missing.js").accept(MediaType.ALL).exchange();

        // then the browser gets a page saying so, under the app's policy; the others keep the JSON error
        assertThat(browser).hasStatus(404).hasContentTypeCompatibleWith(MediaType.TEXT_HTML);
        assertThat(browser).bodyText().contains("<h1>Page not found</h1>").contains("href=\"/app/app.css\"");
        assertThat(browser.getResponse().getHeader("Content-Security-Policy")).contains("script-src 'self';");
        assertThat(json).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        assertThat(curl).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        assertThat(script).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
    }

    @Test
    void servesTheAppsScriptsAndStylesFromThisOrigin() {
        assertThat(mvc.get().uri("/app/main.js").exchange()).hasStatus(200).hasContentType("text/javascript");
        assertThat(mvc.get().uri("/app/app.css").exchange()).hasStatus(200);
    }

    @Test
    void servesTheFaviconThePagesLinkTo() {
        // when the app's page and GraphiQL are loaded, and the icon they name
        var app = mvc.get().uri("/app/index.html").exchange();
        var graphiQl = mvc.get().uri("/graphiql").exchange();
        var icon = mvc.get().uri("/favicon.svg").exchange();

        // then both link it and it is served, so no browser asks for a missing /favicon.ico
        assertThat(app).bodyText().contains("<link rel=\"icon\" href=\"/favicon.svg\"");
        assertThat(graphiQl).bodyText().contains("<link rel=\"icon\" href=\"/favicon.svg\"");
        assertThat(icon).hasStatus(200).hasContentType("image/svg+xml");
    }
}
