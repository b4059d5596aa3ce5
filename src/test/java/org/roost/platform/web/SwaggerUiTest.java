package org.roost.platform.web;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/** Swagger UI's "Try it out" works for a signed-in person: a write with the session cookie needs the CSRF header. */
@IntegrationTest
class SwaggerUiTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void echoesTheCsrfCookieInItsHeaderOnEveryRequest() {
        // when Swagger UI's start script is loaded
        var script = mvc.get().uri("/swagger-ui/swagger-initializer.js").exchange();

        // then its request interceptor copies the XSRF-TOKEN cookie into X-XSRF-TOKEN, as the web app does
        assertThat(script).hasStatusOk();
        assertThat(script).bodyText().contains("XSRF-TOKEN=").contains("request.headers['X-XSRF-TOKEN']");
    }
}
