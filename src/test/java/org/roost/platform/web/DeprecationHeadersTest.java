package org.roost.platform.web;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.EmbeddedDefaultsTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@EmbeddedDefaultsTest
class DeprecationHeadersTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void announcesAConfiguredDeprecationWithDeprecationAndSunsetHeaders() {
        var me = new ApiClient(mvc).newUser("dep");

        var deprecated = me.apply(mvc.get().uri("/api/users/" + me.userId())).exchange();
        var current = me.apply(mvc.get().uri("/api/v1/users/" + me.userId())).exchange();

        assertThat(deprecated).hasStatus(200);
        assertThat(deprecated.getResponse().getHeader("Deprecation")).startsWith("@");
        assertThat(deprecated.getResponse().getHeader("Sunset")).contains("2027");
        assertThat(deprecated.getResponse().getHeaders("Link")).anyMatch(link -> link.contains("rel=\"deprecation\""));
        assertThat(current.getResponse().getHeader("Deprecation")).isNull();
        assertThat(current.getResponse().getHeader("Sunset")).isNull();
    }
}
