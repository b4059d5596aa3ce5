package org.roost.platform.web.fuzz;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.graphql.LiveGraphQlTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes every REST operation and the GraphQL endpoint over a real port (so Tomcat's own parsing of
 * request lines, headers and bodies is part of what is tried), asserting that no input yields a 5xx, a
 * stack trace or class name, or a hang. The corpus in {@code src/test/resources/fuzz} is replayed first,
 * then generated tries follow. Valid credentials (session with CSRF token, bearer token) go with most
 * tries so the authenticated code paths are reached.
 *
 * <p>Bounded and repeatable: the tries come from a fixed seed, each try from its own random source. A
 * longer or different run is a flag away, e.g. {@code mvn test -Dtest=EndpointFuzzTest
 * -Droost.fuzz.seed=random -Droost.fuzz.tries=20000 -Droost.fuzz.max-duration=10m}; a failure names the
 * seed and try, and {@code -Droost.fuzz.try=<n>} repeats that one try alone. See docs/fuzzing.md.
 */
@LiveGraphQlTest
class EndpointFuzzTest {

    private static final FuzzSettings SETTINGS = FuzzSettings.fromSystemProperties();

    @Autowired
    MockMvcTester mvc;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Autowired
    GraphQlSource graphQl;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private FuzzIdentity identity;
    private ErrorLines errorLines;

    @BeforeEach
    void signUp() {
        identity = FuzzIdentity.create(mvc, port);
        errorLines = new ErrorLines();
    }

    /** Whatever a run sent, nothing it caused was logged at ERROR. */
    @AfterEach
    void loggedNothingAtError() {
        errorLines.close();
        assertThat(errorLines.lines()).as("lines logged at ERROR during the run").isEmpty();
    }

    @Test
    void answersEverySeedOfTheCorpusWithoutAServerErrorALeakOrAHang() throws IOException {
        // given
        List<FuzzCorpus.Seed> seeds = FuzzCorpus.load();

        // when
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < seeds.size(); i++) {
            FuzzCorpus.Seed seed = seeds.get(i);
            check(seed.request(identity.placeholders()), 1_000_000 + i, "corpus " + seed.name(), failures);
        }

        // then
        assertThat(seeds).hasSizeGreaterThan(20);
        assertThat(failures).as("corpus seeds that broke the rules").isEmpty();
    }

    @Test
    void answersGeneratedRestRequestsWithoutAServerErrorALeakOrAHang() {
        // given: every REST operation the application routes
        var operations = FuzzTargets.restOperations(mappings, Json.of(mvc.get().uri("/v3/api-docs").exchange()));
        assertThat(operations).extracting(FuzzTargets.Operation::pattern)
                .contains("/api/v1/users/{userId}/posts/{postId}", "/api/users/{userId}/followers/{followerId}", "/login");

        // when / then
        fuzz("REST", SETTINGS.restTries(), n -> new RestRequests(identity, operations, values(n)).next());
    }

    @Test
    void answersGeneratedGraphQlDocumentsWithoutAServerErrorALeakOrAHang() {
        fuzz("GraphQL", SETTINGS.graphQlTries(), n -> {
            HostileValues values = values(n);
            return GraphQlRequests.next(identity, new GraphQlDocuments(graphQl.schema(), values, identity.ids()), values);
        });
    }

    private void fuzz(String what, int tries, IntFunction<RawHttp.Request> generator) {
        List<String> failures = new ArrayList<>();
        long deadline = System.nanoTime() + SETTINGS.maxDuration().toNanos();
        int tried = 0;
        int served = 0;
        for (int n = SETTINGS.onlyTry().orElse(0); n < (SETTINGS.onlyTry().isPresent() ? SETTINGS.onlyTry().getAsInt() + 1 : tries)
                && System.nanoTime() < deadline && failures.size() < 20; n++, tried++) {
            if (n % 100 == 99) {
                identity = identity.stillValid(port) ? identity : FuzzIdentity.create(mvc, port);
            }
            RawHttp.Response response = check(generator.apply(n), n, what + " try " + n, failures);
            served += response != null && FuzzVerdict.served(response) ? 1 : 0;
        }
        assertThat(failures).as("%s: %d tries from seed %d (repeat one with -Droost.fuzz.seed=%d -Droost.fuzz.try=<n>)",
                what, tried, SETTINGS.seed(), SETTINGS.seed()).isEmpty();
        assertThat(tried).as("tries within %s", SETTINGS.maxDuration()).isGreaterThan(Math.min(tries, 50));
        // the credentials work: a share of the tries gets past authentication and validation to the handlers
        assertThat(served).as("tries answered with data").isGreaterThanOrEqualTo(tried / 20);
    }

    private RawHttp.@Nullable Response check(RawHttp.Request request, int n, String name, List<String> failures) {
        try {
            String before = written();
            RawHttp.Response response = new RawHttp(port, SETTINGS.perRequest()).send(request, n);
            List<String> problems = new ArrayList<>(FuzzVerdict.problems(request, response));
            if (FuzzVerdict.refused(response) && !FuzzVerdict.severalMutations(request) && !written().equals(before)) {
                problems.add("a refused request changed stored data");
            }
            if (!problems.isEmpty()) {
                failures.add(name + ": " + problems + " -> " + response.status() + " "
                        + RawHttp.abbreviate(response.body(), 400) + "\n" + request.describe() + "\n");
            }
            return response;
        }
        catch (IOException ex) {
            failures.add(name + ": " + ex.getMessage() + "\n" + request.describe() + "\n");
            return null;
        }
    }

    /** What the API stores (row counts and the latest change of users and posts): a refused request leaves it as it was. */
    private String written() {
        return jdbc.sql("""
                SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM posts) || '/'
                    || (SELECT count(*) FROM follows) || '/' || (SELECT count(*) FROM avatars) || '/'
                    || coalesce((SELECT max(updated_at) FROM users)::text, '') || '/'
                    || coalesce((SELECT max(updated_at) FROM posts)::text, '')
                """).query(String.class).single();
    }

    /** Each try's own random source: try n is the same whatever ran before it. */
    private static HostileValues values(int n) {
        return new HostileValues(new SplittableRandom(SETTINGS.seed() * 1_000_003L + n));
    }

}
