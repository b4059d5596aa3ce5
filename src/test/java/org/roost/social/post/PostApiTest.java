package org.roost.social.post;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class PostApiTest {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    MvcTestResult create(ApiClient.Login as, long userId, String json) {
        return as.apply(mvc.post().uri("/api/v1/users/" + userId + "/posts")).contentType(MediaType.APPLICATION_JSON)
                .content(json).exchange();
    }

    @Test
    void createsAPostUnderItsAuthorWithLinks() throws Exception {
        var me = api().newUser("author");

        var result = create(me, me.userId(), "{\"title\":\"Hello\",\"body\":\"World\"}");

        assertThat(result).hasStatus(201);
        String id = JsonPath.read(result.getResponse().getContentAsString(), "$.id");
        assertThat(result.getResponse().getHeader("Location")).isEqualTo("/api/v1/users/" + me.userId() + "/posts/" + id);
        assertThat(result).bodyJson().extractingPath("$.author_id").isEqualTo(Long.toString(me.userId()));
        assertThat(result).bodyJson().extractingPath("$._links.author").isEqualTo("/api/v1/users/" + me.userId());
        assertThat(result).bodyJson().extractingPath("$.title").isEqualTo("Hello");
    }

    @Test
    void refusesToPostInSomeoneElsesCollection() {
        var me = api().newUser("intruder");
        var other = api().newUser("victim");

        var result = create(me, other.userId(), "{\"title\":\"Not mine\"}");

        assertThat(result).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(other.apply(mvc.get().uri("/api/v1/users/" + other.userId() + "/posts")).exchange())
                .bodyJson().extractingPath("$.items").asArray().isEmpty();
    }

    @Test
    void validatesTitleAndBodyLengths() {
        var me = api().newUser("lengths");

        assertThat(create(me, me.userId(), "{\"title\":\"  \"}")).hasStatus(400)
                .bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(create(me, me.userId(), "{\"title\":\"" + "t".repeat(201) + "\"}")).hasStatus(400);
        assertThat(create(me, me.userId(), "{\"title\":\"ok\",\"body\":\"" + "b".repeat(10_001) + "\"}")).hasStatus(400)
                .bodyJson().extractingPath("$.error.details[0].field").isEqualTo("body");
        assertThat(create(me, me.userId(), "{\"title\":\"" + "t".repeat(200) + "\",\"body\":\"" + "b".repeat(10_000) + "\"}"))
                .hasStatus(201);
    }

    @Test
    void refusesReadOnlyFieldsInAPostBody() {
        var me = api().newUser("readonly");

        for (String field : new String[] { "\"id\":\"9\"", "\"author_id\":\"1\"", "\"created_at\":\"2020-01-01T00:00:00Z\"" }) {
            assertThat(create(me, me.userId(), "{\"title\":\"x\"," + field + "}")).hasStatus(400)
                    .bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        }
    }

    @Test
    void listsPostsNewestFirst() {
        var me = api().newUser("lister");
        api().createPost(me, "first");
        api().createPost(me, "second");

        var result = me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/posts")).exchange();

        assertThat(result).hasStatus(200).bodyJson().extractingPath("$.items[*].title").asArray()
                .containsExactly("second", "first");
    }

    @Test
    void answersAPostUnderTheWrongUserWithNotFound() {
        var me = api().newUser("mine");
        var other = api().newUser("elsewhere");
        long post = api().createPost(me, "here");

        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + other.userId() + "/posts/" + post)).exchange()).hasStatus(404);
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/posts/" + post)).exchange()).hasStatus(200);
    }

    @Test
    void letsOnlyTheAuthorChangeOrDeleteAPost() {
        var me = api().newUser("editor");
        var other = api().newUser("meddler");
        long post = api().createPost(me, "original");
        String path = "/api/v1/users/" + me.userId() + "/posts/" + post;

        assertThat(other.apply(mvc.patch().uri(path)).contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"x\"}")
                .exchange()).hasStatus(403);
        assertThat(other.apply(mvc.delete().uri(path)).exchange()).hasStatus(403);
        assertThat(me.apply(mvc.patch().uri(path)).contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"edited\"}")
                .exchange()).hasStatus(200).bodyJson().extractingPath("$.title").isEqualTo("edited");
        assertThat(me.apply(mvc.delete().uri(path)).exchange()).hasStatus(204);
        assertThat(me.apply(mvc.get().uri(path)).exchange()).hasStatus(404);
    }

    @Test
    void tagsGetsAndAnswersARepeatedTagWithNotModified() {
        var me = api().newUser("etag");
        long post = api().createPost(me, "cached");
        String path = "/api/v1/users/" + me.userId() + "/posts/" + post;

        var first = me.apply(mvc.get().uri(path)).exchange();
        String tag = first.getResponse().getHeader("ETag");
        var again = me.apply(mvc.get().uri(path)).header("If-None-Match", tag).exchange();

        assertThat(tag).matches("\"[0-9a-f]+\"");
        assertThat(first.getResponse().getHeader("Cache-Control")).isEqualTo("private, no-cache");
        assertThat(first.getResponse().getHeader("Vary")).contains("Authorization").contains("Cookie");
        assertThat(again).hasStatus(304);
        assertThat(again.getResponse().getContentLength()).isZero();
    }

    @Test
    void refusesAWriteWithAStaleIfMatchAndAcceptsTheCurrentOne() {
        var me = api().newUser("ifmatch");
        long post = api().createPost(me, "v1");
        String path = "/api/v1/users/" + me.userId() + "/posts/" + post;
        String tag = me.apply(mvc.get().uri(path)).exchange().getResponse().getHeader("ETag");
        assertThat(me.apply(mvc.patch().uri(path)).header("If-Match", tag).contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":\"v2\"}").exchange()).hasStatus(200);

        var stale = me.apply(mvc.patch().uri(path)).header("If-Match", tag).contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":\"v3\"}").exchange();
        var staleDelete = me.apply(mvc.delete().uri(path)).header("If-Match", tag).exchange();

        assertThat(stale).hasStatus(412).bodyJson().extractingPath("$.error.code").isEqualTo("PRECONDITION_FAILED");
        assertThat(staleDelete).hasStatus(412);
        assertThat(me.apply(mvc.get().uri(path)).exchange()).bodyJson().extractingPath("$.title").isEqualTo("v2");
    }

    @Test
    void needsTheCsrfTokenForCookieAuthenticatedWrites() {
        var me = api().newUser("csrf");

        var result = me.cookieOnly(mvc.post().uri("/api/v1/users/" + me.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"forged\"}").exchange();

        assertThat(result).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("CSRF_TOKEN_INVALID");
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/posts")).exchange())
                .bodyJson().extractingPath("$.items").asArray().isEmpty();
    }

    @Test
    void storesPostTextInNfc() {
        // given
        var me = api().newUser("nfcpost");

        // when "e" + combining acute, and a Hangul syllable as its two jamo
        var result = create(me, me.userId(), "{\"title\":\"Cafe\u0301\",\"body\":\"\u1112\u1161\"}");

        // then
        assertThat(result).hasStatus(201);
        assertThat(result).bodyJson().extractingPath("$.title").isEqualTo("Caf\u00e9");
        assertThat(result).bodyJson().extractingPath("$.body").isEqualTo("\ud558");
    }

    @Test
    void refusesOverridesInTitlesButKeepsTheMarksALanguageNeeds() {
        // given
        var me = api().newUser("titles");

        // when
        var override = create(me, me.userId(), "{\"title\":\"invoice \u202efdp.exe\"}");
        var unclosedIsolate = create(me, me.userId(), "{\"title\":\"\u2067\u05e9\u05dc\u05d5\u05dd\"}");
        // Persian with a zero-width non-joiner, a right-to-left mark, an emoji ZWJ sequence, a closed isolate
        var marks = create(me, me.userId(), "{\"title\":\"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \u200f "
                + "\ud83d\udc69\u200d\ud83d\udcbb \u2067\u05e9\u05dc\u05d5\u05dd\u2069\"}");

        // then
        assertThat(override).hasStatus(400);
        assertThat(override).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(override).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(unclosedIsolate).hasStatus(400);
        assertThat(unclosedIsolate).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("title");
        assertThat(marks).hasStatus(201);
    }

    @Test
    void acceptsBidirectionalFormattingInBodiesOnlyWhenClosed() {
        // given
        var me = api().newUser("bodies");
        long post = api().createPost(me, "t");

        // when
        var closed = create(me, me.userId(), "{\"title\":\"t\",\"body\":\"\u202eabc\u202c and \u2066def\u2069\"}");
        var open = create(me, me.userId(), "{\"title\":\"t\",\"body\":\"\u202eabc\"}");
        var openOnUpdate = me.apply(mvc.patch().uri("/api/v1/users/" + me.userId() + "/posts/" + post))
                .contentType(MediaType.APPLICATION_JSON).content("{\"body\":\"x \u2068y\"}").exchange();

        // then
        assertThat(closed).hasStatus(201);
        assertThat(open).hasStatus(400);
        assertThat(open).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("body");
        assertThat(openOnUpdate).hasStatus(400);
        assertThat(openOnUpdate).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("body");
    }

    @Test
    void offersDeleteOnlyToWhoMayDelete() {
        // given a post and its author, and someone else
        var author = api().newUser("linker");
        var reader = api().newUser("reader");
        long post = api().createPost(author, "Linked");
        String uri = "/api/v1/users/" + author.userId() + "/posts/" + post;

        // when each reads the post, the author's list and the author
        var byAuthor = author.apply(mvc.get().uri(uri)).exchange();
        var byReader = reader.apply(mvc.get().uri(uri)).exchange();
        var listByReader = reader.apply(mvc.get().uri("/api/v1/users/" + author.userId() + "/posts")).exchange();
        var userByReader = reader.apply(mvc.get().uri("/api/v1/users/" + author.userId())).exchange();
        var userByAuthor = author.apply(mvc.get().uri("/api/v1/users/" + author.userId())).exchange();

        // then only the author is offered delete (anyone else's would be a 403)
        assertThat(byAuthor).bodyJson().extractingPath("$._links.delete").isEqualTo(uri);
        assertThat(byReader).hasStatus(200).bodyJson().doesNotHavePath("$._links.delete");
        assertThat(byReader).bodyJson().extractingPath("$._links.self").isEqualTo(uri);
        assertThat(listByReader).bodyJson().doesNotHavePath("$.items[0]._links.delete");
        assertThat(userByReader).hasStatus(200).bodyJson().doesNotHavePath("$._links.delete");
        assertThat(userByAuthor).bodyJson().extractingPath("$._links.delete").isEqualTo("/api/v1/users/" + author.userId());
    }
}
