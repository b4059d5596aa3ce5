package org.roost.user;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class UserApiTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void signsUpAndShowsTheUserWithLinks() {
        // given
        String username = ApiClient.uniqueUsername("ann");

        // when
        var result = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"" + username + "\",\"name\":\"Ann\",\"password\":\"" + ApiClient.PASSWORD + "\"}")
                .exchange();

        // then
        assertThat(result).hasStatus(201);
        String id = result.getResponse().getHeader("Location").replace("/api/v1/users/", "");
        assertThat(result).bodyJson().extractingPath("$.id").isEqualTo(id);
        assertThat(result).bodyJson().extractingPath("$._links.posts").isEqualTo("/api/v1/users/" + id + "/posts");
        assertThat(result).bodyJson().doesNotHavePath("$.password");
        assertThat(result).bodyJson().doesNotHavePath("$.password_hash");
    }
}
