package org.roost.identity.federation;

import org.junit.jupiter.api.Test;
import org.roost.support.EmbeddedDefaultsTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** With the embedded defaults no provider is configured: the service works, offers none, and says so on its paths. */
@EmbeddedDefaultsTest
class NoProviderConfiguredTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void offersNoProviderAndAnswersItsPathsWithPages() {
        MvcTestResult providers = mvc.get().uri("/auth/providers").exchange();
        MvcTestResult start = mvc.get().uri("/oauth2/authorization/anything").exchange();
        MvcTestResult callback = mvc.get().uri("/login/oauth2/code/anything?code=x&state=y").exchange();
        MvcTestResult signInPage = mvc.get().uri("/signin").exchange();

        assertThat(providers).hasStatusOk();
        assertThat(Json.of(providers).path("items")).isEmpty();
        assertThat(start).hasStatus(404);
        assertThat(start.getResponse().getContentType()).startsWith("text/html");
        assertThat(callback).hasStatus4xxClientError();
        assertThat(signInPage).hasStatusOk().bodyText().doesNotContain("Or sign in with another account").doesNotContain("/oauth2/authorization/");
    }
}
