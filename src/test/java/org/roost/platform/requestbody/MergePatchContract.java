package org.roost.platform.requestbody;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code application/merge-patch+json} follows RFC 7396: null removes a member, or is refused where none can be. */
abstract class MergePatchContract {

    private static final MediaType MERGE_PATCH = MediaType.parseMediaType("application/merge-patch+json");

    @Autowired
    MockMvcTester mvc;

    private ApiClient api() {
        return new ApiClient(mvc);
    }

    private MvcTestResult patch(ApiClient.Login as, String path, MediaType type, String json) {
        return as.apply(mvc.patch().uri(path)).contentType(type).content(json).exchange();
    }

    @Test
    void refusesANullTitleAndLeavesThePostAsItWas() {
        // given
        var me = api().newUser("mergetitle");
        String post = "/api/v1/users/" + me.userId() + "/posts/" + api().createPost(me, "kept");

        // when
        MvcTestResult removed = patch(me, post, MERGE_PATCH, "{\"title\":null}");

        // then: a post cannot be without its title
        assertThat(removed).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(removed).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(me.apply(mvc.get().uri(post)).exchange()).bodyJson().extractingPath("$.title").isEqualTo("kept");
    }

    @Test
    void clearsTheBodyOnNullAndKeepsWhatWasNotNamed() {
        // given: a post with a body ("text")
        var me = api().newUser("mergebody");
        String post = "/api/v1/users/" + me.userId() + "/posts/" + api().createPost(me, "titled");

        // when
        MvcTestResult cleared = patch(me, post, MERGE_PATCH, "{\"body\":null}");

        // then
        assertThat(cleared).hasStatus(200).bodyJson().extractingPath("$.body").isEqualTo("");
        assertThat(cleared).bodyJson().extractingPath("$.title").isEqualTo("titled");
    }

    @Test
    void refusesANullNameOrPassword() {
        // given
        var me = api().newUser("mergename");
        String user = "/api/v1/users/" + me.userId();

        // when
        MvcTestResult name = patch(me, user, MERGE_PATCH, "{\"name\":null}");
        MvcTestResult password = patch(me, user, MERGE_PATCH,
                "{\"password\":null,\"current_password\":\"" + ApiClient.PASSWORD + "\"}");

        // then
        assertThat(name).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("name");
        assertThat(password).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field")
                .isEqualTo("password");
    }

    @Test
    void readsAPlainJsonPatchAsAMergePatchToo() {
        // given
        var me = api().newUser("plainnull");
        String post = "/api/v1/users/" + me.userId() + "/posts/" + api().createPost(me, "same");

        // when: application/json, the same body
        MvcTestResult title = patch(me, post, MediaType.APPLICATION_JSON, "{\"title\":null}");
        MvcTestResult body = patch(me, post, MediaType.APPLICATION_JSON, "{\"body\":null}");

        // then: one meaning for both media types (and one schema in the OpenAPI document)
        assertThat(title).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(body).hasStatus(200).bodyJson().extractingPath("$.body").isEqualTo("");
    }

    @Test
    void removesTheEmailAddressOnNull() {
        // given: a user with an address
        var me = api().newUser("mergemail");
        String user = "/api/v1/users/" + me.userId();
        assertThat(patch(me, user, MediaType.APPLICATION_JSON, "{\"email\":\"mergemail@example.com\","
                + "\"current_password\":\"" + ApiClient.PASSWORD + "\"}")).hasStatus(200);

        // when
        MvcTestResult removed = patch(me, user, MERGE_PATCH,
                "{\"email\":null,\"current_password\":\"" + ApiClient.PASSWORD + "\"}");

        // then: as an empty address does
        assertThat(removed).hasStatus(200).bodyJson().doesNotHavePath("$.email");
    }
}
