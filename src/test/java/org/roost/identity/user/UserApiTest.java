package org.roost.identity.user;

import org.junit.jupiter.api.Test;
import org.roost.graphql.StatementCounter;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@IntegrationTest
class UserApiTest {

    @Autowired
    MockMvcTester mvc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    MvcTestResult signUp(String json) {
        return mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON).content(json).exchange();
    }

    @Test
    void signsUpWithoutCredentialAndShowsTheUserWithLinks() {
        // given
        String username = ApiClient.uniqueUsername("ann");

        // when
        var result = signUp("{\"username\":\"" + username + "\",\"name\":\"Ann\",\"password\":\"" + ApiClient.PASSWORD + "\"}");

        // then
        assertThat(result).hasStatus(201);
        String id = result.getResponse().getHeader("Location").replace("/api/v1/users/", "");
        assertThat(result).bodyJson().extractingPath("$.id").isEqualTo(id);
        assertThat(result).bodyJson().extractingPath("$.username").isEqualTo(username);
        assertThat(result).bodyJson().extractingPath("$._links.self").isEqualTo("/api/v1/users/" + id);
        assertThat(result).bodyJson().extractingPath("$._links.posts").isEqualTo("/api/v1/users/" + id + "/posts");
        assertThat(result).bodyJson().extractingPath("$._links.delete").isEqualTo("/api/v1/users/" + id);
        assertThat(result).bodyJson().extractingPath("$.created_at").asString().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(result).bodyJson().doesNotHavePath("$.password");
        assertThat(result).bodyJson().doesNotHavePath("$.password_hash");
    }

    @Test
    void refusesATakenUsernameWithConflict() {
        // given
        String username = ApiClient.uniqueUsername("dup");
        api().signUp(username);

        // when
        var result = signUp("{\"username\":\"" + username.toUpperCase() + "\",\"name\":\"X\",\"password\":\"" + ApiClient.PASSWORD + "\"}");

        // then
        assertThat(result).hasStatus(409);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("CONFLICT");
    }

    @Test
    void refusesBlankAndOversizedFieldsWithDetailsPerField() {
        // when
        var result = signUp("{\"username\":\"a\",\"name\":\"   \",\"password\":\"short\"}");

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[*].field").asArray()
                .containsExactlyInAnyOrder("username", "name", "password");
        assertThat(result).bodyJson().extractingPath("$.request_id").isEqualTo(result.getResponse().getHeader("X-Request-Id"));
    }

    @Test
    void refusesAPasswordLongerThan256Characters() {
        var result = signUp("{\"username\":\"" + ApiClient.uniqueUsername("long") + "\",\"name\":\"L\",\"password\":\"" + "p".repeat(257) + "\"}");

        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("password");
    }

    @Test
    void refusesReadOnlyAndUnknownFieldsInsteadOfIgnoringThem() {
        // when
        var result = signUp("{\"username\":\"" + ApiClient.uniqueUsername("ro") + "\",\"name\":\"R\",\"password\":\""
                + ApiClient.PASSWORD + "\",\"id\":\"1\"}");

        // then
        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("id");
    }

    @Test
    void answersMalformedJsonWithMalformedRequest() {
        var result = signUp("{\"username\": ");

        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(result).bodyJson().extractingPath("$.error.details").asArray().isEmpty();
    }

    @Test
    void refusesAFormBodyAsUnsupportedMediaType() {
        var result = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .content("username=x&name=y&password=zzzzzzzzzz").exchange();

        assertThat(result).hasStatus(415);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void needsACredentialToReadOnesOwnTimeline() {
        // users and posts are readable without one while roost.public-reading is on (PublicReadingTest); the feed never
        var result = mvc.get().uri("/api/v1/feed").exchange();

        assertThat(result).hasStatus(401);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void answersAMissingOrForeignIdWithNotFound() {
        var me = api().newUser("nf");

        assertThat(me.apply(mvc.get().uri("/api/v1/users/999999999")).exchange()).hasStatus(404)
                .bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        assertThat(me.apply(mvc.get().uri("/api/v1/users/not-an-id")).exchange()).hasStatus(404);
    }

    @Test
    void servesTheUnversionedAliasWithLinksThatKeepItsPrefix() {
        var me = api().newUser("alias");

        var result = me.apply(mvc.get().uri("/api/users/" + me.userId())).exchange();

        assertThat(result).hasStatus(200);
        assertThat(result).bodyJson().extractingPath("$._links.self").isEqualTo("/api/users/" + me.userId());
    }

    @Test
    void pagesThroughUsersWithCursorsAndLinkHeaders() throws Exception {
        // given
        var me = api().newUser("pager");
        api().signUp(ApiClient.uniqueUsername("pager"));

        // when
        var first = me.apply(mvc.get().uri("/api/v1/users?limit=1")).exchange();

        // then
        assertThat(first).hasStatus(200);
        assertThat(first).bodyJson().extractingPath("$.items").asArray().hasSize(1);
        String next = com.jayway.jsonpath.JsonPath.read(first.getResponse().getContentAsString(), "$._links.next");
        assertThat(first.getResponse().getHeader("Link")).isEqualTo("<" + next + ">; rel=\"next\"");
        var second = me.apply(mvc.get().uri(next)).exchange();
        assertThat(second).hasStatus(200);
        String firstId = com.jayway.jsonpath.JsonPath.read(first.getResponse().getContentAsString(), "$.items[0].id");
        String secondId = com.jayway.jsonpath.JsonPath.read(second.getResponse().getContentAsString(), "$.items[0].id");
        assertThat(Long.parseLong(secondId)).isGreaterThan(Long.parseLong(firstId));
    }

    @Test
    void refusesPageSizesOutsideOneToAHundredAndBadCursors() {
        var me = api().newUser("limits");

        assertThat(me.apply(mvc.get().uri("/api/v1/users?limit=1000")).exchange()).hasStatus(400)
                .bodyJson().extractingPath("$.error.details[0].field").isEqualTo("limit");
        assertThat(me.apply(mvc.get().uri("/api/v1/users?limit=0")).exchange()).hasStatus(400);
        assertThat(me.apply(mvc.get().uri("/api/v1/users?limit=abc")).exchange()).hasStatus(400)
                .bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(me.apply(mvc.get().uri("/api/v1/users?after=%%%garbage")).exchange()).hasStatus(400)
                .bodyJson().extractingPath("$.error.details[0].field").isEqualTo("after");
    }

    @Test
    void letsOnlyTheUserChangeTheirProfile() {
        // given
        var me = api().newUser("owner");
        var other = api().newUser("other");

        // when
        var mine = me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"New Name\"}").exchange();
        var theirs = me.apply(mvc.patch().uri("/api/v1/users/" + other.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"Hijacked\"}").exchange();

        // then
        assertThat(mine).hasStatus(200).bodyJson().extractingPath("$.name").isEqualTo("New Name");
        assertThat(theirs).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + other.userId())).exchange())
                .bodyJson().extractingPath("$.name").isEqualTo(other.username());
    }

    @Test
    void refusesAPasswordChangeWithoutTheCurrentPassword() {
        var me = api().newUser("pw");

        var result = me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"another long password\",\"current_password\":\"wrong one\"}").exchange();

        assertThat(result).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("current_password");
    }

    @Test
    void deletesTheUserWithTheirPostsFollowsAndSessions() {
        // given
        var doomed = api().newUser("doomed");
        var friend = api().newUser("friend");
        long post = api().createPost(doomed, "bye");
        assertThat(doomed.apply(mvc.put().uri("/api/v1/users/" + friend.userId() + "/followers/" + doomed.userId())).exchange())
                .hasStatus(204);

        // when
        var deleted = doomed.apply(mvc.delete().uri("/api/v1/users/" + doomed.userId())).exchange();

        // then
        assertThat(deleted).hasStatus(204);
        assertThat(friend.apply(mvc.get().uri("/api/v1/users/" + doomed.userId())).exchange()).hasStatus(404);
        assertThat(friend.apply(mvc.get().uri("/api/v1/users/" + doomed.userId() + "/posts/" + post)).exchange()).hasStatus(404);
        assertThat(friend.apply(mvc.get().uri("/api/v1/users/" + friend.userId() + "/followers")).exchange())
                .bodyJson().extractingPath("$.items").asArray().isEmpty();
        assertThat(doomed.apply(mvc.get().uri("/api/v1/users")).exchange()).hasStatus(401);
    }

    @Test
    void refusesToDeleteSomeoneElse() {
        var me = api().newUser("del");
        var other = api().newUser("keep");

        assertThat(me.apply(mvc.delete().uri("/api/v1/users/" + other.userId())).exchange()).hasStatus(403);
        assertThat(me.apply(mvc.get().uri("/api/v1/users/" + other.userId())).exchange()).hasStatus(200);
    }

    @Test
    void refusesUsernamesThatDoNotStartAndEndWithALetterOrDigit() {
        // when
        var dots = signUp("{\"username\":\"...\",\"name\":\"Dots\",\"password\":\"" + ApiClient.PASSWORD + "\"}");
        var dash = signUp("{\"username\":\"-x" + Long.toString(System.nanoTime(), 36) + "\",\"name\":\"Dash\",\"password\":\""
                + ApiClient.PASSWORD + "\"}");
        var trailing = signUp("{\"username\":\"" + ApiClient.uniqueUsername("end") + "_\",\"name\":\"End\",\"password\":\""
                + ApiClient.PASSWORD + "\"}");
        var inner = signUp("{\"username\":\"" + ApiClient.uniqueUsername("a.b-c") + "\",\"name\":\"Inner\",\"password\":\""
                + ApiClient.PASSWORD + "\"}");

        // then
        for (var refused : new MvcTestResult[] { dots, dash, trailing }) {
            assertThat(refused).hasStatus(400);
            assertThat(refused).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
            assertThat(refused).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("username");
        }
        assertThat(inner).hasStatus(201);
    }

    @Test
    void storesADisplayNameInNfc() {
        // given "e" and a combining acute accent
        String username = ApiClient.uniqueUsername("nfc");

        // when
        var result = signUp("{\"username\":\"" + username + "\",\"name\":\"Rene\u0301e\",\"password\":\""
                + ApiClient.PASSWORD + "\"}");

        // then one precomposed "é"
        assertThat(result).hasStatus(201);
        assertThat(result).bodyJson().extractingPath("$.name").isEqualTo("Ren\u00e9e");
    }

    @Test
    void refusesBidirectionalControlsAndInvisibleCharactersInNames() {
        // given
        var me = api().newUser("bidi");

        // when: a right-to-left override, a zero-width space, an isolate, a byte order mark, a newline
        var override = signUp("{\"username\":\"" + ApiClient.uniqueUsername("rlo") + "\",\"name\":\"admin\u202egnp.exe\","
                + "\"password\":\"" + ApiClient.PASSWORD + "\"}");
        var zeroWidth = signUp("{\"username\":\"" + ApiClient.uniqueUsername("zw") + "\",\"name\":\"ali\u200bce\","
                + "\"password\":\"" + ApiClient.PASSWORD + "\"}");
        var updates = java.util.stream.Stream.of("\\u2067x\\u2069", "\\ufeffx", "a\\nb", "\\u200fx")
                .map(name -> me.apply(mvc.patch().uri("/api/v1/users/" + me.userId())).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\":\"" + name + "\"}").exchange())
                .toList();

        // then
        assertThat(override).hasStatus(400);
        assertThat(override).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(override).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("name");
        assertThat(override).bodyJson().extractingPath("$.error.details[0].message").asString().contains("U+202E");
        assertThat(zeroWidth).hasStatus(400);
        assertThat(zeroWidth).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("name");
        assertThat(updates).allSatisfy(update -> {
            assertThat(update).hasStatus(400);
            assertThat(update).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("name");
        });
    }

    @Test
    void keepsLettersOfEveryScriptInNames() {
        // when
        var result = signUp("{\"username\":\"" + ApiClient.uniqueUsername("intl") + "\",\"name\":\"\u0645\u0631\u06cc\u0645 "
                + "\u0928\u092e\u0938\u094d\u0924\u0947 Zo\u00eb\",\"password\":\"" + ApiClient.PASSWORD + "\"}");

        // then
        assertThat(result).hasStatus(201);
    }

    @Test
    void aBioIsSetShownToEveryoneAndRemovedByAnEmptyOrNullOne() {
        // given
        var me = api().newUser("bio");
        var reader = api().newUser("bioreader");
        String uri = "/api/v1/users/" + me.userId();

        // when
        var set = me.apply(mvc.patch().uri(uri)).contentType(MediaType.APPLICATION_JSON)
                .content("{\"bio\":\"  Birds, bikes and bread.  \"}").exchange();
        var seen = reader.apply(mvc.get().uri(uri)).exchange();
        var graphQl = reader.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ user(id: \\\"" + me.userId() + "\\\") { bio } }\"}").exchange();
        var tooLong = me.apply(mvc.patch().uri(uri)).contentType(MediaType.APPLICATION_JSON)
                .content("{\"bio\":\"" + "x".repeat(301) + "\"}").exchange();
        var byOther = reader.apply(mvc.patch().uri(uri)).contentType(MediaType.APPLICATION_JSON)
                .content("{\"bio\":\"hijacked\"}").exchange();
        var removed = me.apply(mvc.patch().uri(uri)).contentType("application/merge-patch+json")
                .content("{\"bio\":null}").exchange();

        // then
        assertThat(set).hasStatus(200).bodyJson().extractingPath("$.bio").isEqualTo("Birds, bikes and bread.");
        assertThat(seen).hasStatus(200).bodyJson().extractingPath("$.bio").isEqualTo("Birds, bikes and bread.");
        assertThat(graphQl).bodyJson().extractingPath("$.data.user.bio").isEqualTo("Birds, bikes and bread.");
        assertThat(tooLong).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("bio");
        assertThat(byOther).hasStatus(403);
        assertThat(removed).hasStatus(200).bodyJson().doesNotHavePath("$.bio");
        assertThat(reader.apply(mvc.get().uri(uri)).exchange()).bodyJson().doesNotHavePath("$.bio");
    }

    @Test
    void readsOnesOwnProfileWithItsAddressInTheStatementsOfAnyProfile() {
        // given a user, and someone else's profile to compare with
        ApiClient.Login me = api().newUser("own");
        long other = api().signUp(ApiClient.uniqueUsername("other"));
        me.apply(mvc.get().uri("/api/v1/users/" + me.userId())).exchange(); // the sign-in's first use recorded

        // when each is read three times, alternately
        long fewestExtra = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long before = StatementCounter.count();
            var own = me.apply(mvc.get().uri("/api/v1/users/" + me.userId())).exchange();
            long ownStatements = StatementCounter.count() - before;
            before = StatementCounter.count();
            var theirs = me.apply(mvc.get().uri("/api/v1/users/" + other)).exchange();
            long theirStatements = StatementCounter.count() - before;
            assertThat(own).hasStatus(200).bodyJson().hasPath("$.email_verified");
            assertThat(theirs).hasStatus(200).bodyJson().doesNotHavePath("$.email_verified");
            // the fewest over three pairs: a statement of another test's straggling work only ever adds
            fewestExtra = Math.min(fewestExtra, ownStatements - theirStatements);
        }

        // then the address came with the user's row, not in a statement of its own
        assertThat(fewestExtra).isZero();
    }

    @Test
    void writesToOnesProfileOnlyWithTheTagOfItsCurrentRepresentation() {
        // given the tag of one's own profile as read
        ApiClient.Login me = api().newUser("tagged");
        String path = "/api/v1/users/" + me.userId();
        String tag = me.apply(mvc.get().uri(path)).exchange().getResponse().getHeader("ETag");

        // when a change names that tag, and a second change and a deletion name it again
        var changed = me.apply(mvc.patch().uri(path)).header("If-Match", tag).contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"Tagged Two\"}").exchange();
        var stale = me.apply(mvc.patch().uri(path)).header("If-Match", tag).contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"Tagged Three\"}").exchange();
        var staleDelete = me.apply(mvc.delete().uri(path)).header("If-Match", tag).exchange();

        // then only the first is made: the tag a write checks is the tag a read gave
        assertThat(changed).hasStatus(200);
        assertThat(stale).hasStatus(412).bodyJson().extractingPath("$.error.code").isEqualTo("PRECONDITION_FAILED");
        assertThat(staleDelete).hasStatus(412);
        assertThat(me.apply(mvc.get().uri(path)).exchange()).bodyJson().extractingPath("$.name").isEqualTo("Tagged Two");
    }
}
