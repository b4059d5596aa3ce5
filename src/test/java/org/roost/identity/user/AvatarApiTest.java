package org.roost.identity.user;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class AvatarApiTest {

    static final byte[] PNG = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R' };

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    @Test
    void uploadsAPngAndServesItBack() {
        var me = api().newUser("pic");
        String path = "/api/v1/users/" + me.userId() + "/avatar";

        var upload = me.apply(mvc.post().uri(path)).multipart()
                .file(new MockMultipartFile("file", "me.bin", "application/octet-stream", PNG)).exchange();
        var download = me.apply(mvc.get().uri(path)).exchange();

        assertThat(upload).hasStatus(201);
        assertThat(upload).bodyJson().extractingPath("$.content_type").isEqualTo("image/png");
        assertThat(download).hasStatus(200).hasContentType("image/png");
        assertThat(download.getResponse().getContentAsByteArray()).isEqualTo(PNG);
    }

    @Test
    void refusesATextFileNamedPng() {
        var me = api().newUser("fake");

        var result = me.apply(mvc.post().uri("/api/v1/users/" + me.userId() + "/avatar")).multipart()
                .file(new MockMultipartFile("file", "me.png", "image/png", "just text".getBytes())).exchange();

        assertThat(result).hasStatus(415).bodyJson().extractingPath("$.error.code").isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/avatar")).exchange()).hasStatus(404);
    }

    @Test
    void refusesAnUploadForSomeoneElse() {
        var me = api().newUser("up1");
        var other = api().newUser("up2");

        var result = me.apply(mvc.post().uri("/api/v1/users/" + other.userId() + "/avatar")).multipart()
                .file(new MockMultipartFile("file", "a.png", "image/png", PNG)).exchange();

        assertThat(result).hasStatus(403);
    }

    @Test
    void refusesAnUploadWithoutTheFilePart() {
        var me = api().newUser("nofile");

        var result = me.apply(mvc.post().uri("/api/v1/users/" + me.userId() + "/avatar")).multipart()
                .file(new MockMultipartFile("picture", "a.png", "image/png", PNG)).exchange();

        assertThat(result).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("file");
    }

    @Test
    void deletesTheAvatar() {
        var me = api().newUser("rm");
        String path = "/api/v1/users/" + me.userId() + "/avatar";
        me.apply(mvc.post().uri(path)).multipart().file(new MockMultipartFile("file", "a.png", "image/png", PNG)).exchange();

        assertThat(me.apply(mvc.delete().uri(path)).exchange()).hasStatus(204);
        assertThat(me.apply(mvc.get().uri(path)).exchange()).hasStatus(404);
    }

    @Test
    void linksTheAvatarOnlyWhileThereIsOne() {
        // given a user without an avatar
        var me = api().newUser("links");
        String self = "/api/v1/users/" + me.userId();

        // when they upload one, then delete it
        var before = me.apply(mvc.get().uri(self)).exchange();
        me.apply(mvc.post().uri(self + "/avatar")).multipart().file(new MockMultipartFile("file", "a.png", "image/png", PNG))
                .exchange();
        var with = me.apply(mvc.get().uri(self)).exchange();
        me.apply(mvc.delete().uri(self + "/avatar")).exchange();
        var after = me.apply(mvc.get().uri(self)).exchange();

        // then the representation links the avatar only while it exists, so no client needs to probe for a 404
        assertThat(before).bodyJson().doesNotHavePath("$._links.avatar");
        assertThat(with).bodyJson().extractingPath("$._links.avatar").isEqualTo(self + "/avatar");
        assertThat(after).bodyJson().doesNotHavePath("$._links.avatar");
    }
}
