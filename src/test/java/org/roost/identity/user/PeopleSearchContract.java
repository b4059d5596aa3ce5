package org.roost.identity.user;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/** People search ({@code GET /api/v1/users?q=}), run on PostgreSQL and on H2 by the two subclasses. */
abstract class PeopleSearchContract {

    @Autowired
    MockMvcTester mvc;

    // letters only, so that the marker is matched as itself whatever escaping does
    private final String marker = "qz" + Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36)
            .replaceAll("[0-9]", "x");

    private String signUp(String username, String name) throws Exception {
        MvcTestResult result = mvc.post().uri("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"name\":\"%s\",\"password\":\"%s\"}".formatted(username, name, ApiClient.PASSWORD))
                .exchange();
        assertThat(result).hasStatus(201);
        return JsonPath.read(result.getResponse().getContentAsString(), "$.id");
    }

    private MvcTestResult search(ApiClient.Login me, String query) {
        return me.apply(mvc.get().uri(java.net.URI.create(query))).exchange();
    }

    private static List<String> ids(MvcTestResult result) throws Exception {
        return JsonPath.read(result.getResponse().getContentAsString(), "$.items[*].id");
    }

    @Test
    void findsPeopleByPartOfTheirUsernameOrNameIgnoringCase() throws Exception {
        // given one person whose username holds the marker, one whose name does (in capitals), one with neither
        var me = new ApiClient(mvc).newUser("seeker");
        String byUsername = signUp("u" + marker + "a", "Plain Name");
        String byName = signUp(ApiClient.uniqueUsername("other"), "Dora " + marker.toUpperCase());
        signUp(ApiClient.uniqueUsername("nobody"), "Someone Else");

        // when
        var result = search(me, "/api/v1/users?q=" + marker.substring(0, 8).toUpperCase());

        // then both are found, in id order, and no one else
        assertThat(result).hasStatus(200);
        assertThat(ids(result)).containsExactly(byUsername, byName);
    }

    @Test
    void pagesSearchResultsWithANextLinkThatKeepsTheQuery() throws Exception {
        // given three matches
        var me = new ApiClient(mvc).newUser("pager");
        List<String> matches = List.of(signUp(marker + "1", "A"), signUp(marker + "2", "B"), signUp(marker + "3", "C"));

        // when the first page of two is read, then its next link
        var first = search(me, "/api/v1/users?limit=2&q=" + marker);
        String next = JsonPath.read(first.getResponse().getContentAsString(), "$._links.next");
        var second = search(me, next);

        // then the pages hold the three, once each, and the last has no next link
        assertThat(next).contains("q=" + marker);
        assertThat(ids(first)).containsExactlyElementsOf(matches.subList(0, 2));
        assertThat(ids(second)).containsExactly(matches.get(2));
        assertThat(second).bodyJson().doesNotHavePath("$._links.next");
    }

    @Test
    void matchesWildcardCharactersLiterally() throws Exception {
        // given a person whose username holds the marker
        var me = new ApiClient(mvc).newUser("literal");
        signUp("w" + marker + "z", "Wild");

        // when the query puts LIKE's wildcards where other characters stand
        var percent = search(me, "/api/v1/users?q=" + marker + "%25");
        var underscore = search(me, "/api/v1/users?q=" + marker + "_");

        // then they match only themselves: nobody
        assertThat(percent).hasStatus(200);
        assertThat(ids(percent)).isEmpty();
        assertThat(ids(underscore)).isEmpty();
    }

    @Test
    void refusesAnEmptyOrOversizedQueryNamingTheParameter() throws Exception {
        var me = new ApiClient(mvc).newUser("bad");

        assertThat(search(me, "/api/v1/users?q=%20%20")).hasStatus(400)
                .bodyJson().extractingPath("$.error.details[0].field").isEqualTo("q");
        assertThat(search(me, "/api/v1/users?q=" + "a".repeat(101))).hasStatus(400)
                .bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
    }
}
