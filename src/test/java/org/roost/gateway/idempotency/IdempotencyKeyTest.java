package org.roost.gateway.idempotency;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class IdempotencyKeyTest {

    @Autowired
    MockMvcTester mvc;

    @Autowired
    JdbcClient jdbc;

    MvcTestResult post(ApiClient.Login as, String key, String json) {
        return as.apply(mvc.post().uri("/api/v1/users/" + as.userId() + "/posts")).contentType(MediaType.APPLICATION_JSON)
                .header("Idempotency-Key", key).content(json).exchange();
    }

    int posts(ApiClient.Login as) throws Exception {
        return JsonPath.<java.util.List<?>>read(as.apply(mvc.get().uri("/api/v1/users/" + as.userId() + "/posts"))
                .exchange().getResponse().getContentAsString(), "$.items").size();
    }

    @Test
    void repeatWithSameKeyAndBodyReturnsTheFirstResponseAndCreatesNothingMore() throws Exception {
        // given a post created with a key
        var me = new ApiClient(mvc).newUser("retrier");
        MvcTestResult first = post(me, "k-1", "{\"title\":\"Once\"}");
        assertThat(first).hasStatus(201);

        // when the client repeats it
        MvcTestResult repeat = post(me, "\"k-1\"", "{\"title\":\"Once\"}");

        // then it gets the first response back, and there is one post
        assertThat(repeat).hasStatus(201);
        assertThat(repeat.getResponse().getContentAsString()).isEqualTo(first.getResponse().getContentAsString());
        assertThat(repeat.getResponse().getHeader("Location")).isEqualTo(first.getResponse().getHeader("Location"));
        assertThat(repeat.getResponse().getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(posts(me)).isEqualTo(1);
    }

    @Test
    void sameKeyWithAnotherBodyIsRefusedWith422() throws Exception {
        var me = new ApiClient(mvc).newUser("reuser");
        assertThat(post(me, "k-2", "{\"title\":\"First\"}")).hasStatus(201);

        MvcTestResult reused = post(me, "k-2", "{\"title\":\"Second\"}");

        assertThat(reused).hasStatus(422).bodyJson().extractingPath("$.error.code").isEqualTo("IDEMPOTENCY_KEY_REUSED");
        assertThat(posts(me)).isEqualTo(1);
    }

    @Test
    void repeatWhileTheFirstIsStillRunningIsRefusedWith409() {
        // given a first request with this key still running (its record has no response yet)
        var me = new ApiClient(mvc).newUser("impatient");
        post(me, "k-3", "{\"title\":\"Slow\"}");
        jdbc.sql("UPDATE idempotency_keys SET status = NULL WHERE caller = :c AND idem_key = 'k-3'")
                .param("c", "user:" + me.userId()).update();

        // when it is repeated
        MvcTestResult repeat = post(me, "k-3", "{\"title\":\"Slow\"}");

        // then
        assertThat(repeat).hasStatus(409).bodyJson().extractingPath("$.error.code").isEqualTo("IDEMPOTENCY_KEY_IN_USE");
        assertThat(repeat.getResponse().getHeader("Retry-After")).isEqualTo("1");
    }

    @Test
    void keysAreScopedPerCaller() throws Exception {
        var alice = new ApiClient(mvc).newUser("alice");
        var bob = new ApiClient(mvc).newUser("bob");
        assertThat(post(alice, "shared-key", "{\"title\":\"Mine\"}")).hasStatus(201);

        MvcTestResult bobs = post(bob, "shared-key", "{\"title\":\"Mine\"}");

        assertThat(bobs).hasStatus(201);
        assertThat(bobs.getResponse().getHeader("Idempotent-Replayed")).isNull();
        assertThat(posts(bob)).isEqualTo(1);
    }

    @Test
    void signUpRepeatedWithAKeyCreatesOneUser() throws Exception {
        String body = "{\"username\":\"%s\",\"name\":\"Sam\",\"password\":\"%s\"}"
                .formatted(ApiClient.uniqueUsername("sam"), ApiClient.PASSWORD);
        MvcTestResult first = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .header("Idempotency-Key", "signup-1").content(body).exchange();

        MvcTestResult repeat = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .header("Idempotency-Key", "signup-1").content(body).exchange();

        assertThat(first).hasStatus(201);
        assertThat(repeat).hasStatus(201);
        assertThat(repeat.getResponse().getContentAsString()).isEqualTo(first.getResponse().getContentAsString());
    }

    @Test
    void refusesAKeyThatIsNotVisibleAscii() {
        var me = new ApiClient(mvc).newUser("badkey");

        assertThat(post(me, "", "{\"title\":\"x\"}")).hasStatus(400)
                .bodyJson().extractingPath("$.error.details[0].field").isEqualTo("Idempotency-Key");
    }

    @Test
    void takesOverAKeyWhoseFirstRequestDiedWithItsInstance() throws Exception {
        // given a record left running for longer than any request may run (its instance died)
        var me = new ApiClient(mvc).newUser("orphan");
        jdbc.sql("INSERT INTO idempotency_keys (caller, idem_key, fingerprint, created_at) VALUES (:c, 'k-4', :f, :t)")
                .param("c", "user:" + me.userId()).param("f", "0".repeat(64))
                .param("t", java.time.OffsetDateTime.now().minusMinutes(10)).update();

        // when the client retries under the same key
        MvcTestResult retry = post(me, "k-4", "{\"title\":\"Again\"}");

        // then it runs now
        assertThat(retry).hasStatus(201);
        assertThat(posts(me)).isEqualTo(1);
    }

    @Test
    void theOpenApiDocumentDeclaresTheHeaderOnCreatingPosts() {
        MvcTestResult docs = mvc.get().uri("/v3/api-docs").exchange();

        assertThat(docs).bodyJson().extractingPath("$.paths['/api/v1/users/{userId}/posts'].post.parameters[*].name")
                .asArray().contains("Idempotency-Key");
        assertThat(docs).bodyJson().extractingPath("$.paths['/api/v1/users/{userId}/posts'].post.responses['422']")
                .isNotNull();
    }
}
